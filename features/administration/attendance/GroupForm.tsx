import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  H4,
  InputGroup,
  Intent,
  NonIdealState,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { ShiftPaths } from '../../../domain/resources/attendanceBase.js';
import { AttendanceScreens as S } from '../../../domain/screens.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceTable } from '../../../src/resource/ResourceTable.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { type GroupDetail, type GroupNurse, AttendancePaths as P } from '../api/attendance.js';
import './attendance.css';

interface ShiftChoice {
  shiftPkId: number;
  shiftName: string | null;
  workPeriod: string | null;
  scheduleMode: number | null;
}
interface Place {
  locationId: string;
  locationName: string;
}
type Page<T> = { list: T[] };

const WEEK = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/** The selectable staff, drawn by the one list table (checkboxes choose, a cell picks the shift). */
const nurseDef: ResourceDef = {
  name: 'attendanceGroupChoice',
  title: '护理员',
  table: 'attendanceGroupChoice',
  idField: 'nursingId',
  nameField: 'realName',
  fields: [
    { name: 'realName', label: '姓名', type: 'text' },
    { name: 'deptName', label: '部门', type: 'text' },
    { name: 'phoneNum', label: '手机号码', type: 'text' },
    { name: 'shift', label: '班次', type: 'text' },
  ],
  columns: ['realName', 'deptName', 'phoneNum', 'shift'],
  defaultSort: { field: 'realName', order: 'asc' },
  api: {},
  authority: { view: 'session' },
};
const SORT = { field: 'realName', order: 'asc' } as const;

/**
 * 新增/编辑考勤组 (attendance/group/add, /edit?id=): name, work days, shifts (one schedule mode),
 * the nurses each on one of the shifts (those of other groups are not offered: a nurse is in one
 * group), and the beds or rooms the shifts' mode covers.
 */
export function GroupForm() {
  const id = Number(usePage().query.id) || 0;
  const { request, toast } = useApp();
  const [shifts, setShifts] = useState<ShiftChoice[]>([]);
  const [staff, setStaff] = useState<GroupNurse[]>([]);
  const [places, setPlaces] = useState<Place[]>([]);
  const [groupName, setGroupName] = useState('');
  const [remark, setRemark] = useState('');
  const [workDays, setWorkDays] = useState<number[]>([1, 2, 3, 4, 5, 6, 7]);
  const [shiftIds, setShiftIds] = useState<number[]>([]);
  const [nurses, setNurses] = useState<Map<number, number>>(new Map());
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(!id);

  useEffect(() => {
    request<Page<ShiftChoice>>({ url: ShiftPaths.noPage, silent: true }).then(
      (p) => setShifts(p.list),
      () => undefined,
    );
    request<Page<GroupNurse>>({
      url: P.groupNursing,
      params: id ? { attendanceGroupPkId: id } : {},
      silent: true,
    }).then(
      (p) => setStaff(p.list),
      () => undefined,
    );
    if (!id) return;
    request<GroupDetail>({ url: pathWith(P.groupOne, { id }), silent: true }).then(
      (g) => {
        setGroupName(g.groupName);
        setRemark(g.remark ?? '');
        setWorkDays(g.workDays.split(',').map(Number));
        setShiftIds(g.shifts.map((s) => s.shiftPkId));
        setNurses(new Map(g.nurses.map((n) => [n.nursingId, n.shiftPkId])));
        setLocationIds(g.locations.map((l) => l.locationId));
        // a disabled shift the group already has stays choosable
        setShifts((all) => [
          ...all,
          ...g.shifts
            .filter((s) => !all.some((a) => a.shiftPkId === s.shiftPkId))
            .map((s) => ({ ...s, scheduleMode: g.scheduleMode })),
        ]);
        setLoaded(true);
      },
      (e: { message?: string }) => setError(e.message ?? '考勤组不存在'),
    );
  }, [id, request]);

  const chosenShifts = shifts.filter((s) => shiftIds.includes(s.shiftPkId));
  const mode = chosenShifts[0]?.scheduleMode ?? null;
  useEffect(() => {
    if (!mode) {
      setPlaces([]);
      return;
    }
    request<Page<Place>>({ url: ShiftPaths.location, params: { scheduleMode: mode }, silent: true }).then(
      (p) => setPlaces(p.list),
      () => undefined,
    );
  }, [mode, request]);

  const offered = useMemo(() => staff.filter((s) => s.selectable), [staff]);
  const elsewhere = staff.length - offered.length;
  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);

  const save = async () => {
    setSaving(true);
    try {
      await request({
        url: P.group,
        method: id ? 'PUT' : 'POST',
        data: {
          ...(id ? { attendanceGroupPkId: id } : {}),
          groupName,
          workDays: [...workDays].sort().join(','),
          shiftPkIds: shiftIds,
          nurses: [...nurses].map(([nursingId, shiftPkId]) => ({ nursingId, shiftPkId })),
          locationIds: locationIds.filter((l) => places.some((p) => p.locationId === l)),
          remark: remark || null,
        },
        silent: true,
      });
      toast('保存成功', 'success');
      navigate(S.group);
    } catch (e) {
      toast((e as { message?: string }).message ?? '保存失败', 'danger');
    } finally {
      setSaving(false);
    }
  };

  if (error) return <NonIdealState icon="error" title={error} />;
  if (!loaded) return null;
  const firstShift = shiftIds[0] ?? 0;
  return (
    <div className="page" data-testid="page-attendance-group-form">
      <Card>
        <H4>{id ? '编辑考勤组' : '新增考勤组'}</H4>
        <FormGroup label="考勤组名称" labelFor="group-name" labelInfo="*">
          <InputGroup
            id="group-name"
            value={groupName}
            maxLength={30}
            onChange={(e) => setGroupName(e.target.value)}
          />
        </FormGroup>
        <FormGroup label="工作日" labelInfo="*">
          <div className="attendance-checks">
            {WEEK.map((label, i) => (
              <Checkbox
                key={label}
                label={label}
                inline
                checked={workDays.includes(i + 1)}
                onChange={(e) => setWorkDays(toggle(workDays, i + 1, e.currentTarget.checked))}
              />
            ))}
          </div>
        </FormGroup>
        <FormGroup label="班次" labelInfo="*" helperText="同一考勤组的班次排班方式须一致（按床位或按房间）">
          <div className="attendance-checks">
            {shifts.map((s) => (
              <Checkbox
                key={s.shiftPkId}
                inline
                label={`${s.shiftName ?? ''}（${s.workPeriod ?? ''}，${dictLabel('scheduleMode', s.scheduleMode ?? 1)}）`}
                checked={shiftIds.includes(s.shiftPkId)}
                disabled={mode !== null && s.scheduleMode !== mode && !shiftIds.includes(s.shiftPkId)}
                onChange={(e) => setShiftIds(toggle(shiftIds, s.shiftPkId, e.currentTarget.checked))}
              />
            ))}
          </div>
        </FormGroup>
        <FormGroup
          label={`护理员（已选${nurses.size}人）`}
          labelInfo="*"
          helperText={
            elsewhere ? `另有${elsewhere}人已在其他考勤组，一名护理员只能属于一个考勤组` : undefined
          }
        >
          <div className="attendance-nurses">
            <ResourceTable
              def={nurseDef}
              rows={offered}
              columns={nurseDef.columns}
              sort={SORT}
              onSort={() => undefined}
              selected={new Set(nurses.keys())}
              onSelect={(chosen) =>
                setNurses(new Map([...chosen].map((n) => [n, nurses.get(n) ?? firstShift])))
              }
              cells={{
                shift: (row) =>
                  nurses.has(Number(row.nursingId)) ? (
                    <select
                      aria-label={`${String(row.realName)}的班次`}
                      value={nurses.get(Number(row.nursingId)) || firstShift}
                      onChange={(e) =>
                        setNurses(new Map(nurses).set(Number(row.nursingId), Number(e.currentTarget.value)))
                      }
                    >
                      {chosenShifts.map((s) => (
                        <option key={s.shiftPkId} value={s.shiftPkId}>
                          {s.shiftName}
                        </option>
                      ))}
                    </select>
                  ) : (
                    ''
                  ),
              }}
            />
          </div>
        </FormGroup>
        <FormGroup label={`负责区域（${mode === 2 ? '房间' : '床位'}，已选${locationIds.length}）`}>
          {mode === null ? (
            <Callout>请先选择班次</Callout>
          ) : (
            <>
              <Button
                small
                minimal
                text={locationIds.length === places.length ? '全不选' : '全选'}
                onClick={() =>
                  setLocationIds(locationIds.length === places.length ? [] : places.map((p) => p.locationId))
                }
              />
              <div className="attendance-places">
                {places.map((p) => (
                  <Checkbox
                    key={p.locationId}
                    label={p.locationName}
                    checked={locationIds.includes(p.locationId)}
                    onChange={(e) =>
                      setLocationIds(toggle(locationIds, p.locationId, e.currentTarget.checked))
                    }
                  />
                ))}
              </div>
            </>
          )}
        </FormGroup>
        <FormGroup label="备注" labelFor="group-remark">
          <TextArea
            id="group-remark"
            fill
            maxLength={200}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </FormGroup>
        <div className="attendance-actions">
          <Button text="取消" onClick={() => navigate(S.group)} />
          <Button intent={Intent.PRIMARY} text="保存" loading={saving} onClick={() => void save()} />
        </div>
      </Card>
    </div>
  );
}
