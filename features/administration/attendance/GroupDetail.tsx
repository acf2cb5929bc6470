import { Button, Callout, Card, H4, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { AttendanceScreens as S } from '../../../domain/screens.js';
import { useApp } from '../../../src/app/AppContext.js';
import { DisplayTable } from '../../../src/resource/DisplayTable.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { type GroupDetail as Detail, AttendancePaths as P, workDayText } from '../api/attendance.js';

/** The group's nurses, drawn by the one list table from a display-only definition. */
const nurseDef: ResourceDef = {
  name: 'attendanceGroupNurses',
  title: '护理员',
  table: 'attendanceGroupNurses',
  idField: 'nursingId',
  nameField: 'realName',
  fields: [
    { name: 'realName', label: '姓名', type: 'text' },
    { name: 'phoneNum', label: '手机号码', type: 'text' },
    { name: 'shiftName', label: '班次', type: 'text' },
    { name: 'joinDate', label: '加入日期', type: 'date' },
  ],
  columns: ['realName', 'phoneNum', 'shiftName', 'joinDate'],
  defaultSort: { field: 'realName', order: 'asc' },
  api: {},
  authority: { view: 'session' },
};

/** 考勤组详情 (attendance/group/detail?id=): the group's shifts, nurses and places. */
export function GroupDetail() {
  const id = Number(usePage().query.id) || 0;
  const { request } = useApp();
  const [group, setGroup] = useState<Detail | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!id) return;
    request<Detail>({ url: pathWith(P.groupOne, { id }), silent: true }).then(
      setGroup,
      (e: { message?: string }) => setError(e.message ?? '考勤组不存在'),
    );
  }, [id, request]);
  if (!id || error) return <NonIdealState icon="error" title={error || '未指定考勤组'} />;
  if (!group) return null;
  return (
    <div className="page" data-testid="page-attendance-group-detail">
      <Card>
        <H4>{group.groupName}</H4>
        <p>
          {`排班方式：${dictLabel('scheduleMode', group.scheduleMode)}　工作日：${workDayText(group.workDays)}　班次：`}
          {group.shifts.map((s) => (
            <Tag key={s.shiftPkId} minimal className="attendance-tag">
              {s.shiftName} {s.workPeriod}
            </Tag>
          ))}
        </p>
        {group.remark ? <Callout>{group.remark}</Callout> : null}
        <h5>护理员（{group.nurses.length}人）</h5>
        <div data-testid="group-nurses">
          <DisplayTable def={nurseDef} rows={group.nurses} />
        </div>
        <h5>负责区域（{group.locations.length}）</h5>
        <p>
          {group.locations.length
            ? group.locations.map((l) => (
                <Tag key={l.locationId} minimal className="attendance-tag">
                  {l.locationName}
                </Tag>
              ))
            : '未设置'}
        </p>
        <Button text="返回" onClick={() => navigate(S.group)} />
        <Button intent={Intent.PRIMARY} text="编辑" onClick={() => navigate(`${S.groupEdit}?id=${id}`)} />
      </Card>
    </div>
  );
}
