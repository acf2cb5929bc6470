import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldsOf, MattressRuleStatus } from '../../../domain/alarmRules.js';
import { MattressAlarmType, mattressAlarmTypeName } from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { durationText } from '../../../domain/schedule.js';
import { mattressAlarmRuleResource } from '../resources/rules.js';
import {
  type MattressRule,
  type MattressRuleForm,
  mattressFormOf,
  mattressPayload,
} from './mattressRules.js';
import { RuleDialog, TextField, TimeWindowFields } from './RuleDialog.js';
import { type RuleDialogProps, type RuleKind, RulesPage } from './RulesPage.js';

const kind: RuleKind = {
  def: mattressAlarmRuleResource,
  testId: 'page-alarmRules',
  statusUrl: IotPaths.mattressRuleStatus,
  status: MattressRuleStatus,
};

/** /yunmuIot/alarmRules: the mattress alarm rules the rules engine evaluates (spec 000 §7). */
export function MattressAlarmRules() {
  return <RulesPage<MattressRule> kind={kind} renderDialog={(props) => <MattressRuleDialog {...props} />} />;
}

function MattressRuleDialog({ rule, onClose, onSaved }: RuleDialogProps<MattressRule>) {
  const [form, setForm] = useState(() => mattressFormOf(rule));
  const set = (key: Exclude<keyof MattressRuleForm, 'alarmType'>) => (value: string) =>
    setForm({ ...form, [key]: value });
  const fields = fieldsOf(form.alarmType);
  const seconds = Number(form.durationSeconds);
  return (
    <RuleDialog
      title={rule ? '编辑床垫告警规则' : '新增床垫告警规则'}
      def={mattressAlarmRuleResource}
      ruleId={rule?.ruleId ?? null}
      payload={() => mattressPayload(form)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField id="mr-name" label="规则名称" required value={form.ruleName} onChange={set('ruleName')} />
      <FormGroup label="告警类型" labelFor="mr-type" labelInfo="*">
        <HTMLSelect
          id="mr-type"
          fill
          value={form.alarmType}
          onChange={(e) => setForm({ ...form, alarmType: Number(e.currentTarget.value) })}
        >
          {/* a mattress's own five: the vital signs typed in and the unanswered calls share the names
              of its records, but no rule of a mattress raises them */}
          {Object.values(MattressAlarmType).map((value) => (
            <option key={value} value={value}>
              {mattressAlarmTypeName[String(value)]}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {fields.min && (
        <TextField
          id="mr-min"
          type="number"
          label={fields.min}
          unit={fields.unit}
          value={form.minValue}
          placeholder="不限"
          onChange={set('minValue')}
        />
      )}
      {fields.max && (
        <TextField
          id="mr-max"
          type="number"
          label={fields.max}
          unit={fields.unit}
          value={form.maxValue}
          placeholder="不限"
          onChange={set('maxValue')}
        />
      )}
      <TimeWindowFields
        idPrefix="mr"
        start={form.startTime}
        end={form.endTime}
        onChange={(startTime, endTime) => setForm({ ...form, startTime, endTime })}
      />
      <TextField
        id="mr-duration"
        type="number"
        label={fields.duration}
        unit="秒"
        value={form.durationSeconds}
        helper={Number.isFinite(seconds) ? `即 ${durationText(seconds)}` : undefined}
        onChange={set('durationSeconds')}
      />
      <TextField id="mr-remark" label="备注" value={form.remark} onChange={set('remark')} />
    </RuleDialog>
  );
}
