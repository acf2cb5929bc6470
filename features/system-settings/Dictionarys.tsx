import { Button, Callout, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { DictionaryDialog, type DictionaryRow } from './DictionaryDialog.js';
import { RowButton } from './RowButton.js';

const URL = '/pims/web-org/dictionarys';

/** /systemSetting/dictionarys: data dictionaries and their values. */
export function Dictionarys() {
  const { request, toast } = useApp();
  const list = usePagedList<DictionaryRow, { keyword: string }>(URL, { keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<DictionaryRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DictionaryRow | null>(null);
  usePageRefresh(list.reload);

  const remove = (row: DictionaryRow) =>
    request({ url: `${URL}/${row.dictionaryId}`, method: 'DELETE' }).then(() => {
      toast(`已删除字典“${row.dictionaryName}”`, 'success');
      list.reload();
    });

  return (
    <div className="page" data-testid="page-dictionarys">
      <form
        className="filter-bar"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({ keyword });
        }}
      >
        <InputGroup
          leftIcon="search"
          placeholder="字典名称或编码"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button type="submit" intent={Intent.PRIMARY} text="查询" />
        <Authorized code={Authority.dictionaryAdd} mode="remove">
          <Button icon="add" intent={Intent.SUCCESS} text="新增字典" onClick={() => setEditing('new')} />
        </Authorized>
      </form>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <HTMLTable striped compact className="data-table">
        <thead>
          <tr>
            <th>字典编码</th>
            <th>字典名称</th>
            <th>备注</th>
            <th>排序</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.dictionaryId} data-testid="dictionary-row">
              <td className="mono">{row.dictionaryCode}</td>
              <td>{row.dictionaryName}</td>
              <td>{row.remark}</td>
              <td>{row.sort}</td>
              <td className="actions">
                <RowButton
                  code={Authority.dictionaryEdit}
                  icon="edit"
                  text="编辑"
                  onClick={() => setEditing(row)}
                />
                <RowButton
                  code={Authority.dictionaryDelete}
                  icon="trash"
                  danger
                  text="删除"
                  onClick={() => setDeleting(row)}
                />
              </td>
            </tr>
          ))}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                暂无数据
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {editing && (
        <DictionaryDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(row) => remove(row).catch(() => undefined)}
      >
        确定删除字典“{deleting?.dictionaryName}”及其全部字典值吗？
      </ConfirmDelete>
    </div>
  );
}
