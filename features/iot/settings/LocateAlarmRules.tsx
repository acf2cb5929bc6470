import { Checkbox, FormGroup, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { type PositionAlarmType, positionAlarmTypeName, positionAlarmTypes } from '../../../domain/alarms.js';
import { Authority } from '../../../domain/menus.js';
import { useApp } from '../../../src/app/AppContext.js';
import {
  type PntRule,
  PntRuleStatus,
  pntCondition,
  pntFormOf,
  pntPayload,
  type Rail,
  railTriggerName,
  usesRail,
  usesThreshold,
} from './pntRules.js';
import { RuleDialog, TextField, TimeWindowFields } from './RuleDialog.js';
import { type RuleDialogProps, type RuleKind, RulesPage } from './RulesPage.js';
import { timeWindowText, WEEKDAYS, weekdaysText } from './schedule.js';

const URL = '/loms/web-lo/pnt/alarm/rule';

const kind: RuleKind<PntRule> = {
  testId: 'page-locateAlarmRule',
  url: URL,
  statusUrl: `${URL}/status`,
  status: PntRuleStatus,
  editAuthority: Authority.iotLocateAlarmRuleEdit,
  noun: '规则',
  types: positionAlarmTypeName,
  columns: [
    { title: '触发条件', cell: (r) => pntCondition(r) },
    { title: '生效日', cell: (r) => weekdaysText(r.weekdays) },
    { title: '生效时段', cell: (r) => timeWindowText(r.startTime, r.endTime) },
    { title: '备注', cell: (r) => r.remark || '—' },
  ],
};

/** /yunmuIot/locateAlarmRule: positioning alarm rules, rail rules tied to a fence (spec 000 §7 Positioning). */
export function LocateAlarmRules() {
  return <RulesPage kind={kind} renderDialog={(props) => <PntRuleDialog {...props} />} />;
}

function PntRuleDialog({ rule, onClose, onSaved }: RuleDialogProps<PntRule>) {
  const { request } = useApp();
  const [form, setForm] = useState(() => pntFormOf(rule));
  const [rails, setRails] = useState<Rail[]>([]);
  useEffect(() => {
    request<Rail[]>({ url: '/loms/web-lo/pnt/rail/list' }).then(setRails, () => undefined);
  }, [request]);
  const set = (key: 'ruleName' | 'threshold' | 'remark') => (value: string) =>
    setForm({ ...form, [key]: value });
  const toggleDay = (day: number) =>
    setForm({
      ...form,
      weekdays: form.weekdays.includes(day)
        ? form.weekdays.filter((d) => d !== day)
        : [...form.weekdays, day],
    });
  return (
    <RuleDialog
      title={rule ? '编辑定位告警规则' : '新增定位告警规则'}
      url={URL}
      ruleId={rule?.ruleId ?? null}
      payload={() => pntPayload(form)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField id="pr-name" label="规则名称" required value={form.ruleName} onChange={set('ruleName')} />
      <FormGroup label="告警类型" labelFor="pr-type" labelInfo="*">
        <HTMLSelect
          id="pr-type"
          fill
          value={form.alarmType}
          onChange={(e) => setForm({ ...form, alarmType: e.currentTarget.value as PositionAlarmType })}
        >
          {positionAlarmTypes.map((type) => (
            <option key={type} value={type}>
              {positionAlarmTypeName[type]}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {usesRail(form.alarmType) && (
        <>
          <FormGroup label="围栏" labelFor="pr-rail" labelInfo="*">
            <HTMLSelect
              id="pr-rail"
              fill
              value={form.railId}
              onChange={(e) => setForm({ ...form, railId: e.currentTarget.value })}
            >
              <option value="">请选择围栏</option>
              {rails.map((r) => (
                <option key={r.railId} value={r.railId}>
                  {r.railName}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <RadioGroup
            label="触发方式"
            inline
            selectedValue={form.railTrigger}
            onChange={(e) => setForm({ ...form, railTrigger: e.currentTarget.value as 'enter' | 'exit' })}
          >
            <Radio value="enter" label={railTriggerName.enter} />
            <Radio value="exit" label={railTriggerName.exit} />
          </RadioGroup>
        </>
      )}
      {usesThreshold(form.alarmType) && (
        <TextField
          id="pr-threshold"
          type="number"
          label="电量低于"
          unit="%"
          placeholder="默认 20"
          value={form.threshold}
          onChange={set('threshold')}
        />
      )}
      <TimeWindowFields
        idPrefix="pr"
        start={form.startTime}
        end={form.endTime}
        onChange={(startTime, endTime) => setForm({ ...form, startTime, endTime })}
      />
      <FormGroup label="生效日" className="weekdays">
        {WEEKDAYS.map((d) => (
          <Checkbox
            key={d.value}
            inline
            label={d.label}
            checked={form.weekdays.includes(d.value)}
            onChange={() => toggleDay(d.value)}
          />
        ))}
      </FormGroup>
      <TextField id="pr-remark" label="备注" value={form.remark} onChange={set('remark')} />
    </RuleDialog>
  );
}
