import { Button, ButtonGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';

const SIZES = [10, 20, 50, 100];

/**
 * What 跳至 N 页 asks for: a whole number, clamped to the pages there are (99 of 12 pages is the
 * last page, 0 the first); anything else is refused with a message and the page stays.
 */
function jumpTarget(text: string, pages: number): { page: number; note?: string } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: `请输入 1–${pages} 的整数页码` };
  const asked = Number(trimmed);
  const page = Math.min(pages, Math.max(1, asked));
  return page === asked ? { page } : { page, note: `共 ${pages} 页，已跳至第 ${page} 页` };
}

/** 共 N 条 · page size · previous / page x of y / next · 跳至 [ ] 页. */
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
  const [jump, setJump] = useState('');
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const go = () => {
    const target = jumpTarget(jump, pages);
    if ('error' in target) {
      setMessage({ text: target.error, bad: true });
      return;
    }
    setMessage(target.note ? { text: target.note, bad: false } : null);
    setJump('');
    if (target.page !== pageNum) onChange(target.page);
  };
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
      <span className="pager-jump">
        跳至
        <InputGroup
          className="pager-jump-input"
          size="small"
          inputMode="numeric"
          aria-label="跳至页码"
          aria-invalid={message?.bad || undefined}
          value={jump}
          onValueChange={(value) => {
            setJump(value);
            setMessage(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
        />
        页
        <Button size="small" text="跳转" onClick={go} />
      </span>
      {/* always there, so a screen reader hears the message when it comes */}
      <span className={message?.bad ? 'pager-message pager-message-bad' : 'pager-message'} role="status">
        {message?.text}
      </span>
    </div>
  );
}
