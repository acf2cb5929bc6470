import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../domain/resource.js';
import { fitColumns, visibleColumns } from './columnSettings.js';
import { exportUrl, fillPath, type ListQuery, listParams } from './listQuery.js';

const def: ResourceDef = {
  name: 'bed',
  title: '床位',
  table: 'bed',
  idField: 'bedId',
  nameField: 'bedName',
  fields: [
    { name: 'bedName', label: '床位名称', type: 'text' },
    { name: 'status', label: '状态', type: 'dict', dict: 'liveStatus' },
    { name: 'createDate', label: '创建日期', type: 'date' },
  ],
  columns: ['bedName', 'status', 'createDate'],
  filters: [
    { field: 'bedName', kind: 'like' },
    { field: 'status', kind: 'in', param: 'statuses' },
    { field: 'createDate', kind: 'range', param: 'created' },
  ],
  defaultSort: { field: 'createDate', order: 'desc' },
  api: { list: '/beds', remove: '/beds/:ids' },
  authority: { view: 'bed' },
};
const query = (over: Partial<ListQuery> = {}): ListQuery => ({
  filters: {},
  keyword: '',
  sort: def.defaultSort,
  pageNum: 2,
  pageSize: 20,
  ...over,
});

describe('listParams', () => {
  it('sends paging and sort, each filled filter under its param, and leaves blanks out', () => {
    expect(
      listParams(
        def,
        query({
          filters: {
            bedName: ' 101 ',
            statuses: '1,4',
            createdStart: '2024-01-01',
            createdEnd: '',
            status: 'x',
          },
          keyword: 'ignored without def.search',
        }),
        { buildingId: 3 },
      ),
    ).toEqual({
      pageNum: 2,
      pageSize: 20,
      sortField: 'createDate',
      sortOrder: 'desc',
      bedName: '101',
      statuses: '1,4',
      createdStart: '2024-01-01',
      buildingId: 3,
    });
  });

  it('sends the keyword when the definition searches', () => {
    expect(listParams({ ...def, search: ['bedName'] }, query({ keyword: ' 1 ' })).keyword).toBe('1');
  });
});

describe('exportUrl', () => {
  it('is the list URL with filters, sort and export format, without paging', () => {
    expect(exportUrl(def, query({ filters: { statuses: '1,4' } }), 'xlsx')).toBe(
      '/beds?sortField=createDate&sortOrder=desc&statuses=1%2C4&export=xlsx',
    );
  });
});

describe('fillPath', () => {
  it('puts comma-joined ids into :ids and one id into :id', () => {
    expect(fillPath('/beds/:ids', [1, 2, 3])).toBe('/beds/1,2,3');
    expect(fillPath('/beds/:id', [7])).toBe('/beds/7');
    expect(fillPath('/beds', [7])).toBe('/beds');
  });
});

describe('column settings', () => {
  it('drops columns the definition lost and appends ones it gained', () => {
    const fitted = fitColumns(['a', 'b', 'c'], { order: ['c', 'x', 'a'], hidden: ['x', 'a'] });
    expect(fitted).toEqual({ order: ['c', 'a', 'b'], hidden: ['a'] });
    expect(visibleColumns(fitted)).toEqual(['c', 'b']);
    expect(fitColumns(['a'], null)).toEqual({ order: ['a'], hidden: [] });
  });
});
