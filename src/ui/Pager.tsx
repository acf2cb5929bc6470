import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';

const SIZES = [10, 20, 50, 100];

/** 共 N 条 · page size · previous / page x of y / next. */
export function Pager({
  total,
  pageNum,
  pageSize,
  onChange,
}: {
  total: number;
  pageNum: number;
  pageSize: number;
  onChange(pageNum: number, pageSize?: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="pager" data-testid="pager">
      <span>共 {total} 条</span>
      <HTMLSelect
        value={pageSize}
        onChange={(e) => onChange(1, Number(e.target.value))}
        aria-label="每页条数"
      >
        {SIZES.map((s) => (
          <option key={s} value={s}>
            {s} 条/页
          </option>
        ))}
      </HTMLSelect>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          disabled={pageNum <= 1}
          onClick={() => onChange(pageNum - 1)}
          aria-label="上一页"
        />
        <Button disabled>
          {pageNum} / {pages}
        </Button>
        <Button
          icon="chevron-right"
          disabled={pageNum >= pages}
          onClick={() => onChange(pageNum + 1)}
          aria-label="下一页"
        />
      </ButtonGroup>
    </div>
  );
}
