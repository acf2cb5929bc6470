import { Button, Callout, Checkbox, FormGroup, InputGroup, Intent, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ConfigEntries } from '../../../domain/configEntries.js';
import { alarmSettingInput, aliVmsConfigInput } from '../../../domain/iot.js';
import { Authority } from '../../../domain/menus.js';
import { mattressConfigInput } from '../../../domain/settings.js';
import { type SystemConfigParts, systemConfigDefaults } from '../../../domain/systemConfig.js';
import { useApp } from '../../../src/app/AppContext.js';
import { Authorized } from '../../../src/auth/Authorized.js';
import { ConfigForm } from '../../../src/ui/ConfigForm.js';
import { errorsByField, useSaveErrors } from '../../../src/ui/revealError.js';
import { FormFieldset, useStored } from '../../../src/ui/storedForm.js';
import { local } from '../../../src/util/storage.js';
import './settings.css';
import { IotPaths } from '../../../domain/api/iot.js';
import { onOffOptions } from './switchOptions.js';

type Mattress = SystemConfigParts['mattress'];
const MATTRESS_URL = IotPaths.mattressSetting;
type Vms = ConfigEntries['aliVmsConfig'];
const VMS_URL = IotPaths.aliVms;
const emptyVms: Vms = {
  status: 0,
  accessKeyId: '',
  accessKeySecret: '',
  calledShowNumber: '',
  ttsCode: '',
  phones: [],
  scenes: [],
};
const MOBILE = /^1\d{10}$/;
/** Where the mattress alarm reminder pops up; the stored codes come from the seed (domain/configEntries.ts). */
const remindPositions = [
  { value: 'alarm', label: '告警页面' },
  { value: 'bedInfo', label: '床位信息' },
];

/**
 * /yunmuIot/alarmSetting: alarm escalation (and a nurse call's into an alarm), the mattress alarm reminder and voice (spec 000 §3, §9) and
 * the voice-call notification of alarms (aliVmsConfig).
 */
export function AlarmSetting() {
  return (
    <div className="page settings-columns" data-testid="page-alarmSetting">
      <section className="settings-card">
        <h4>告警升级</h4>
        <ConfigForm
          url={IotPaths.alarmSetting}
          testId="alarm-escalation"
          schema={alarmSettingInput}
          saveAuthority={Authority.iotAlarmSetting}
          fields={[
            {
              key: 'escalateAfterMinutes',
              label: '未确认告警升级时间（分钟）',
              kind: 'number',
              helper: '告警超过该时长仍无人确认即升级，1–120 分钟',
            },
            { key: 'sound', label: '升级提示音', kind: 'select', options: onOffOptions },
            {
              key: 'callAlarmAfterSeconds',
              label: '呼叫未应答转告警（秒）',
              kind: 'number',
              helper: '床旁呼叫等待超过该时长仍无人应答即转为告警，0–600 秒；0 为呼叫即告警',
            },
          ]}
        />
      </section>
      <section className="settings-card">
        <h4>床垫告警提醒</h4>
        <MattressReminder />
      </section>
      <section className="settings-card">
        <h4>语音通知</h4>
        <VoiceNotice />
      </section>
    </div>
  );
}

function MattressReminder() {
  const { request, toast } = useApp();
  const {
    value: config,
    setValue: setConfig,
    loaded,
    loadError,
  } = useStored<Mattress>(MATTRESS_URL, systemConfigDefaults.mattress);
  // 播报次数 as typed (may be empty); the stored count until then
  const [typedTimes, setTimes] = useState<string | null>(null);
  // checked as the server checks it, the field at fault marked and brought into view (issue #42 point 4)
  const { root: formRef, message: saveError, marked, fail, clear } = useSaveErrors<HTMLFieldSetElement>();
  const error = saveError || loadError;
  const { alarmRemind, alarmVoice } = config.setContent;
  const times = typedTimes ?? String(alarmVoice.times);
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
    clear();
    const voice = { ...alarmVoice, times: times.trim() === '' ? null : Number(times) };
    const data = { ...config, setContent: { ...config.setContent, alarmVoice: voice } };
    const checked = mattressConfigInput.safeParse(data);
    if (!checked.success) return fail('', errorsByField(checked.error.issues));
    request<null>({ url: MATTRESS_URL, method: 'POST', data, silent: true }).then(
      () => {
        // The console keeps the system config in local storage (spec 000 §4); keep it in step.
        const stored = local.get<SystemConfigParts>('systemconfig');
        if (stored) local.set('systemconfig', { ...stored, mattress: data });
        toast('保存成功', 'success');
      },
      (e: { message?: string }) => fail(e.message ?? '保存失败'),
    );
  };
  return (
    <FormFieldset ref={formRef} data-testid="mattress-reminder" loaded={loaded} style={{ padding: 0 }}>
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
      <FormGroup
        label="播报次数"
        labelFor="voice-times"
        helperText="每轮告警提示音响几次，默认 3 次"
        {...marked('setContent.alarmVoice.times')}
      >
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
    </FormFieldset>
  );
}

/**
 * Voice calls to the listed phones for alarms of the chosen scenes. The stored AccessKey Secret comes
 * back as a mask; saving the mask unchanged keeps it (features/iot/server/beds.ts).
 */
function VoiceNotice() {
  const { request, toast } = useApp();
  const {
    value: config,
    setValue: setConfig,
    loaded,
    loadError,
  } = useStored<Vms>(VMS_URL, emptyVms, {
    silent: true,
  });
  const [scenes, setScenes] = useState<{ scene: string; sceneName: string }[]>([]);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState('');
  const [busy, setBusy] = useState(false);
  // checked as the server checks it, each field at fault marked, the first brought into view
  const {
    root: formRef,
    message: saveError,
    errors,
    marked,
    fail,
    clear,
  } = useSaveErrors<HTMLFieldSetElement>();
  const error = saveError || loadError;
  // The scene names only label the checkboxes: the chosen scenes come with the stored value.
  useEffect(() => {
    request<{ scene: string; sceneName: string }[]>({ url: IotPaths.aliVmsScenes, silent: true }).then(
      setScenes,
      () => undefined,
    );
  }, [request]);
  const set = (patch: Partial<Vms>) => setConfig({ ...config, ...patch });
  const on = config.status === 1;
  const addPhone = () => {
    const value = phone.trim();
    if (!MOBILE.test(value)) return setPhoneError('请输入 11 位手机号');
    if (config.phones.includes(value)) return setPhoneError('该号码已添加');
    setPhoneError('');
    setPhone('');
    set({ phones: [...config.phones, value] });
  };
  const toggleScene = (scene: string) =>
    set({
      scenes: config.scenes.includes(scene)
        ? config.scenes.filter((s) => s !== scene)
        : [...config.scenes, scene],
    });
  const save = () => {
    clear();
    const checked = aliVmsConfigInput.safeParse(config);
    if (!checked.success) return fail('', errorsByField(checked.error.issues));
    setBusy(true);
    request<null>({ url: VMS_URL, method: 'PUT', data: config, silent: true })
      .then(
        () => toast('保存成功', 'success'),
        (e: { message?: string }) => fail(e.message ?? '保存失败'),
      )
      .finally(() => setBusy(false));
  };
  const text = (id: string, label: string, key: 'accessKeyId' | 'calledShowNumber' | 'ttsCode') => (
    <FormGroup label={label} labelFor={id} {...marked(key)}>
      <InputGroup id={id} value={config[key]} onChange={(e) => set({ [key]: e.target.value })} />
    </FormGroup>
  );
  return (
    <FormFieldset ref={formRef} data-testid="voice-notice" loaded={loaded} style={{ padding: 0 }}>
      <FormGroup label="告警电话通知" {...marked('status')}>
        <Switch label={on ? '开启' : '关闭'} checked={on} onChange={() => set({ status: on ? 0 : 1 })} />
      </FormGroup>
      {text('vms-key-id', 'AccessKey ID', 'accessKeyId')}
      <FormGroup
        label="AccessKey Secret"
        labelFor="vms-secret"
        helperText="已保存的密钥不显示，不修改则保留"
        {...marked('accessKeySecret')}
      >
        <InputGroup
          id="vms-secret"
          type="password"
          autoComplete="new-password"
          value={config.accessKeySecret}
          onChange={(e) => set({ accessKeySecret: e.target.value })}
        />
      </FormGroup>
      {text('vms-caller', '主叫号码', 'calledShowNumber')}
      {text('vms-tts', 'TTS 模板编号', 'ttsCode')}
      <FormGroup
        label="通知号码"
        labelFor="vms-phone"
        helperText={phoneError || errors.phones || '11 位手机号，最多 10 个'}
        intent={phoneError || errors.phones ? Intent.DANGER : Intent.NONE}
      >
        <div className="phone-list" data-testid="vms-phones">
          {config.phones.map((p) => (
            <Tag key={p} large minimal onRemove={() => set({ phones: config.phones.filter((x) => x !== p) })}>
              {p}
            </Tag>
          ))}
        </div>
        <InputGroup
          id="vms-phone"
          placeholder="输入手机号后添加"
          value={phone}
          intent={phoneError ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setPhone(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') addPhone();
          }}
          rightElement={
            <Button
              variant="minimal"
              icon="add"
              text="添加"
              disabled={config.phones.length >= 10}
              title={config.phones.length >= 10 ? '最多 10 个号码' : undefined}
              onClick={addPhone}
            />
          }
        />
      </FormGroup>
      <FormGroup label="告警场景" {...marked('scenes')}>
        {scenes.map((s) => (
          <Checkbox
            key={s.scene}
            inline
            label={s.sceneName}
            checked={config.scenes.includes(s.scene)}
            onChange={() => toggleScene(s.scene)}
          />
        ))}
      </FormGroup>
      {error && (
        <Callout intent={Intent.DANGER} data-testid="form-error">
          {error}
        </Callout>
      )}
      <Authorized code={Authority.iotAlarmSetting} mode="disable">
        <Button intent={Intent.PRIMARY} text="保存" loading={busy} onClick={save} />
      </Authorized>
    </FormFieldset>
  );
}
