import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';

interface LogRow {
  logId: number;
  userName: string;
  operationType: string;
  operationName: string;
  method: string;
  path: string;
  ipAddress: string;
  source: string;
  createTime: string;
}

/** Operation types the server writes, with their Chinese names. */
export const operationTypes: Record<string, string> = {
  LOGIN: '登录',
  LOGIN_FAIL: '登录失败',
  LOGOUT: '退出',
  SELECT_DEPT: '选择部门',
  ADD: '新增',
  UPDATE: '修改',
  DELETE: '删除',
  UPDATE_PWD: '修改密码',
  RESET_PWD: '找回密码',
  REGISTER: '注册',
  UPLOAD: '上传',
};

const blank = { userName: '', operationType: '', startTime: '', endTime: '', keyword: '' };
const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** /systemSetting/logList: the operation log, filtered by user, time and type. */
export function LogList() {
  const list = usePagedList<LogRow, typeof blank>('/passport/web-rbac/systemLogs', blank);
  const [draft, setDraft] = useState(blank);
  usePageRefresh(list.reload);
  const set = (key: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [key]: e.target.value });
  return (
    <div className="page" data-testid="page-logList">
      <form
        className="filter-bar"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({
            ...draft,
            startTime: draft.startTime && new Date(draft.startTime).toISOString(),
            endTime: draft.endTime && new Date(`${draft.endTime}T23:59:59`).toISOString(),
          });
        }}
      >
        <FormGroup label="操作人" labelFor="log-userName" inline>
          <InputGroup
            id="log-userName"
            value={draft.userName}
            onChange={set('userName')}
            placeholder="账号"
          />
        </FormGroup>
        <FormGroup label="操作类型" labelFor="log-operationType" inline>
          <HTMLSelect id="log-operationType" value={draft.operationType} onChange={set('operationType')}>
            <option value="">全部</option>
            {Object.entries(operationTypes).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="开始日期" labelFor="log-startTime" inline>
          <InputGroup type="date" id="log-startTime" value={draft.startTime} onChange={set('startTime')} />
        </FormGroup>
        <FormGroup label="结束日期" labelFor="log-endTime" inline>
          <InputGroup type="date" id="log-endTime" value={draft.endTime} onChange={set('endTime')} />
        </FormGroup>
        <FormGroup label="关键字" labelFor="log-keyword" inline>
          <InputGroup
            id="log-keyword"
            value={draft.keyword}
            onChange={set('keyword')}
            placeholder="操作内容"
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} icon="search" text="查询" />
        <Button
          text="重置"
          onClick={() => {
            setDraft(blank);
            list.setFilters(blank);
          }}
        />
      </form>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <HTMLTable striped interactive compact className="data-table">
        <thead>
          <tr>
            <th>时间</th>
            <th>操作人</th>
            <th>类型</th>
            <th>操作内容</th>
            <th>接口</th>
            <th>IP</th>
            <th>来源</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((r) => (
            <tr key={r.logId} data-testid="log-row">
              <td>{time(r.createTime)}</td>
              <td>{r.userName || '—'}</td>
              <td>{operationTypes[r.operationType] ?? r.operationType}</td>
              <td>{r.operationName}</td>
              <td className="mono">
                {r.method} {r.path}
              </td>
              <td>{r.ipAddress}</td>
              <td>{r.source}</td>
            </tr>
          ))}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={7} className="empty">
                暂无数据
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
    </div>
  );
}
