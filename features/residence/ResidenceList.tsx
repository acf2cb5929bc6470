import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel, staticDictionaries } from '../../domain/dictionaries.js';
import { LiveAuthority } from '../../domain/resources/oldman.js';
import { LiveStatus, ResidencePaths } from '../../domain/resources/residence.js';
import {
  eventAuthority,
  holdsBed,
  offeredEvents,
  type ResidenceEventType,
  residenceEvents,
} from '../../machines/residenceMachine.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { rowButton } from '../../src/resource/index.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { type ElderRow, useBuildings } from './api.js';
import { AdjustDialog, ExchangeDialog } from './BedDialogs.js';
import { RecordDialog } from './RecordDialog.js';
import { StatusDialog } from './StatusDialog.js';
import './residence.css';

const statusIntent: Record<number, Intent> = {
  [LiveStatus.living]: Intent.PRIMARY,
  [LiveStatus.trial]: Intent.SUCCESS,
  [LiveStatus.reserved]: Intent.WARNING,
  [LiveStatus.cancelled]: Intent.DANGER,
};
export const StatusTag = ({ status }: { status: number }) => (
  <Tag
    minimal={status === LiveStatus.quit || status === LiveStatus.waiting}
    intent={statusIntent[status] ?? Intent.NONE}
  >
    {dictLabel('liveStatus', status)}
  </Tag>
);

type Open =
  | { kind: 'event'; type: ResidenceEventType; elder: ElderRow }
  | { kind: 'adjust' | 'exchange' | 'record'; elder: ElderRow }
  | null;
const initialFilters = { keyword: '', oldmanStatus: '', buildingId: '', floorId: '' };

/** /live/live/list 入住管理: each row offers what residenceMachine allows from its status. */
export function ResidenceList() {
  const list = usePagedList<ElderRow, typeof initialFilters>(ResidencePaths.list, initialFilters);
  const { data: buildings } = useBuildings();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<Open>(null);
  usePageRefresh(list.reload);
  const may: Record<string, boolean> = {
    [LiveAuthority.liveCheckIn]: useAuthority(LiveAuthority.liveCheckIn),
    [LiveAuthority.liveChange]: useAuthority(LiveAuthority.liveChange),
  };
  const mayBed = useAuthority(LiveAuthority.liveBed);
  const floors = buildings.find((b) => String(b.buildingId) === list.filters.buildingId)?.floors ?? [];
  const set = (patch: Partial<typeof initialFilters>) => list.setFilters({ ...list.filters, ...patch });
  const done = () => {
    setOpen(null);
    list.reload();
  };

  const actions = (elder: ElderRow) => [
    ...offeredEvents(elder.oldmanStatus)
      .filter((type) => may[eventAuthority(type)])
      .map((type) =>
        rowButton(
          residenceEvents[type].label,
          () => setOpen({ kind: 'event', type, elder }),
          type === 'QUIT',
        ),
      ),
    ...(mayBed && holdsBed(elder.oldmanStatus) && elder.bedId !== null
      ? [
          rowButton('调整床位', () => setOpen({ kind: 'adjust', elder })),
          rowButton('交换床位', () => setOpen({ kind: 'exchange', elder })),
        ]
      : []),
    rowButton('入住记录', () => setOpen({ kind: 'record', elder })),
  ];

  return (
    <div className="page residence-page" data-testid="page-residence">
      <div className="filter-bar">
        <InputGroup
          leftIcon="search"
          placeholder="姓名、身份证号或电话"
          aria-label="关键字"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && set({ keyword: keyword.trim() })}
        />
        <HTMLSelect
          aria-label="入住状态"
          value={list.filters.oldmanStatus}
          onChange={(e) => set({ oldmanStatus: e.currentTarget.value })}
        >
          <option value="">全部状态</option>
          {staticDictionaries.liveStatus.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="楼栋"
          value={list.filters.buildingId}
          onChange={(e) => set({ buildingId: e.currentTarget.value, floorId: '' })}
        >
          <option value="">全部楼栋</option>
          {buildings.map((b) => (
            <option key={b.buildingId} value={b.buildingId}>
              {b.buildingName}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="楼层"
          value={list.filters.floorId}
          disabled={!floors.length}
          onChange={(e) => set({ floorId: e.currentTarget.value })}
        >
          <option value="">全部楼层</option>
          {floors.map((f) => (
            <option key={f.floorId} value={f.floorId}>
              {f.floorName}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="search"
          text="查询"
          intent={Intent.PRIMARY}
          onClick={() => set({ keyword: keyword.trim() })}
        />
        <Button
          icon="reset"
          text="重置"
          onClick={() => {
            setKeyword('');
            list.setFilters(initialFilters);
          }}
        />
      </div>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <div className="residence-scroll">
        <HTMLTable striped compact interactive className="data-table residence-table">
          <thead>
            <tr>
              <th>姓名</th>
              <th>性别</th>
              <th>年龄</th>
              <th>所属部门</th>
              <th>入住状态</th>
              <th>床位</th>
              <th>入住日期</th>
              <th>退住日期</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((e) => (
              <tr key={e.oldmanId} data-testid="residence-row" data-oldman-id={e.oldmanId}>
                <td>{e.oldmanName}</td>
                <td>{dictLabel('gender', e.sex)}</td>
                <td>{e.age ?? ''}</td>
                <td>{e.deptName}</td>
                <td data-testid="residence-status">
                  <StatusTag status={e.oldmanStatus} />
                </td>
                <td data-testid="residence-bed">{e.bedName ?? ''}</td>
                <td>{e.checkInDate ?? ''}</td>
                <td>{e.leaveDate ?? ''}</td>
                <td className="actions">{actions(e)}</td>
              </tr>
            ))}
            {!list.loading && list.rows.length === 0 && (
              <tr>
                <td colSpan={9} className="empty">
                  暂无数据
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </div>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {open?.kind === 'event' && (
        <StatusDialog elder={open.elder} type={open.type} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.kind === 'adjust' && (
        <AdjustDialog elder={open.elder} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.kind === 'exchange' && (
        <ExchangeDialog elder={open.elder} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.kind === 'record' && <RecordDialog elder={open.elder} onClose={() => setOpen(null)} />}
    </div>
  );
}
