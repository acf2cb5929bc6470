import { Button, Callout, Checkbox, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Authority } from '../../../domain/menus.js';
import { type SystemConfigParts, systemConfigDefaults } from '../../../domain/systemConfig.js';
import { useApp } from '../../../src/app/AppContext.js';
import { Authorized } from '../../../src/auth/Authorized.js';
import { ConfigForm } from '../../../src/ui/ConfigForm.js';
import { local } from '../../../src/util/storage.js';
import './settings.css';
import { onOffOptions } from './switchOptions.js';

type Mattress = SystemConfigParts['mattress'];
const MATTRESS_URL = '/pims/web-pi/device/set/mattress';
/** Where the mattress alarm reminder pops up; the stored codes come from the seed (domain/configEntries.ts). */
const remindPositions = [
  { value: 'alarm', label: '告警页面' },
  { value: 'bedInfo', label: '床位信息' },
];

/** /yunmuIot/alarmSetting: alarm escalation and the mattress alarm reminder and voice (spec 000 §3, §9). */
export function AlarmSetting() {
  return (
    <div className="page settings-columns" data-testid="page-alarmSetting">
      <section className="settings-card">
        <h4>告警升级</h4>
        <ConfigForm
          url="/loms/web-lo/pnt/alarm/setting"
          testId="alarm-escalation"
          saveAuthority={Authority.iotAlarmSetting}
          fields={[
            {
              key: 'escalateAfterMinutes',
              label: '未确认告警升级时间（分钟）',
              kind: 'number',
              helper: '告警超过该时长仍无人确认即升级，1–120 分钟',
            },
            { key: 'sound', label: '升级提示音', kind: 'select', options: onOffOptions },
          ]}
        />
      </section>
      <section className="settings-card">
        <h4>床垫告警提醒</h4>
        <MattressReminder />
      </section>
    </div>
  );
}

function MattressReminder() {
  const { request, toast } = useApp();
  const [config, setConfig] = useState<Mattress>(systemConfigDefaults.mattress);
  const [times, setTimes] = useState(String(systemConfigDefaults.mattress.setContent.alarmVoice.times));
  const [error, setError] = useState('');
  useEffect(() => {
    request<Mattress>({ url: MATTRESS_URL }).then(
      (c) => {
        setConfig(c);
        setTimes(String(c.setContent.alarmVoice.times));
      },
      (e: { message?: string }) => setError(e.message ?? '加载失败'),
    );
  }, [request]);
  const { alarmRemind, alarmVoice } = config.setContent;
  const setContent = (patch: Partial<Mattress['setContent']>) =>
    setConfig({ ...config, setContent: { ...config.setContent, ...patch } });
  const togglePosition = (value: string) =>
    setContent({
      alarmRemind: {
        ...alarmRemind,
        position: alarmRemind.position.includes(value)
          ? alarmRemind.position.filter((p) => p !== value)
          : [...alarmRemind.position, value],
      },
    });
  const save = () => {
    setError('');
    const voice = { ...alarmVoice, times: times.trim() === '' ? null : Number(times) };
    const data = { ...config, setContent: { ...config.setContent, alarmVoice: voice } };
    request<null>({ url: MATTRESS_URL, method: 'POST', data, silent: true }).then(
      () => {
        // The console keeps the system config in local storage (spec 000 §4); keep it in step.
        const stored = local.get<SystemConfigParts>('systemconfig');
        if (stored) local.set('systemconfig', { ...stored, mattress: data });
        toast('保存成功', 'success');
      },
      (e: { message?: string }) => setError(e.message ?? '保存失败'),
    );
  };
  return (
    <div data-testid="mattress-reminder">
      <FormGroup label="告警弹窗提醒">
        <Switch
          label={alarmRemind.status === 1 ? '开启' : '关闭'}
          checked={alarmRemind.status === 1}
          onChange={() =>
            setContent({ alarmRemind: { ...alarmRemind, status: alarmRemind.status === 1 ? 0 : 1 } })
          }
        />
      </FormGroup>
      <FormGroup label="提醒位置">
        {remindPositions.map((p) => (
          <Checkbox
            key={p.value}
            inline
            label={p.label}
            disabled={alarmRemind.status !== 1}
            checked={alarmRemind.position.includes(p.value)}
            onChange={() => togglePosition(p.value)}
          />
        ))}
      </FormGroup>
      <FormGroup label="语音播报">
        <Switch
          label={alarmVoice.status === 1 ? '开启' : '关闭'}
          checked={alarmVoice.status === 1}
          onChange={() =>
            setContent({ alarmVoice: { ...alarmVoice, status: alarmVoice.status === 1 ? 0 : 1 } })
          }
        />
      </FormGroup>
      <FormGroup label="播报次数" labelFor="voice-times" helperText="每轮告警提示音响几次，默认 3 次">
        <InputGroup
          id="voice-times"
          type="number"
          value={times}
          disabled={alarmVoice.status !== 1}
          rightElement={<span className="field-unit">次</span>}
          onChange={(e) => setTimes(e.target.value)}
        />
      </FormGroup>
      {error && (
        <Callout intent={Intent.DANGER} data-testid="form-error">
          {error}
        </Callout>
      )}
      {/* The server saves this part of the system config under the display-settings authority. */}
      <Authorized code={Authority.displaySave} mode="disable">
        <Button intent={Intent.PRIMARY} text="保存" onClick={save} />
      </Authorized>
    </div>
  );
}
