import { Checkbox, FormGroup, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { PntRuleStatus, railTriggerName, usesRail, usesThreshold } from '../../../domain/alarmRules.js';
import { type PositionAlarmType, positionAlarmTypeName, positionAlarmTypes } from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import type { Page } from '../../../domain/codes.js';
import { WEEKDAYS } from '../../../domain/schedule.js';
import { useApp } from '../../../src/app/AppContext.js';
import { pntAlarmRuleResource, railResource } from '../resources/rules.js';
import { type PntRule, pntFormOf, pntPayload } from './pntRules.js';
import { RuleDialog, TextField, TimeWindowFields } from './RuleDialog.js';
import { type RuleDialogProps, type RuleKind, RulesPage } from './RulesPage.js';

const kind: RuleKind = {
  def: pntAlarmRuleResource,
  testId: 'page-locateAlarmRule',
  statusUrl: IotPaths.pntRuleStatus,
  status: PntRuleStatus,
};

/** /yunmuIot/locateAlarmRule: positioning alarm rules, rail rules tied to a fence (spec 000 §7 Positioning). */
export function LocateAlarmRules() {
  return <RulesPage<PntRule> kind={kind} renderDialog={(props) => <PntRuleDialog {...props} />} />;
}

interface Rail {
  railId: number;
  railName: string;
}

function PntRuleDialog({ rule, onClose, onSaved }: RuleDialogProps<PntRule>) {
  const { request } = useApp();
  const [form, setForm] = useState(() => pntFormOf(rule));
  const [rails, setRails] = useState<Rail[]>([]);
  // read afresh each time: a rail drawn a moment ago on the fence screen is offered at once
  useEffect(() => {
    request<Page<Rail>>({ url: railResource.api.list ?? '', params: { pageHelper: 0 } }).then(
      (page) => setRails(page.list),
      () => undefined,
    );
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
      def={pntAlarmRuleResource}
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
