import { callSetBaseInput, callVoiceInput } from '../../../domain/iot.js';
import { Authority } from '../../../domain/menus.js';
import { ConfigForm } from '../../../src/ui/ConfigForm.js';
import './settings.css';
import { IotPaths } from '../../../domain/api/iot.js';
import { onOffOptions } from './switchOptions.js';

/** /yunmuIot/callSetting: nurse-call base settings and the call announcement (spec 000 §7). */
export function CallSetting() {
  return (
    <div className="page settings-columns" data-testid="page-callSetting">
      <section className="settings-card">
        <h4>呼叫基础设置</h4>
        <ConfigForm
          url={IotPaths.callSetBase}
          testId="call-set-base"
          schema={callSetBaseInput}
          saveAuthority={Authority.iotCallSetting}
          fields={[
            {
              key: 'answerTimeoutSeconds',
              label: '应答超时（秒）',
              kind: 'number',
              helper: '呼叫超过该时长无人应答即视为未响应，10–600 秒',
            },
            { key: 'remindRepeat', label: '未应答重复提醒', kind: 'select', options: onOffOptions },
            { key: 'nightStart', label: '夜间时段开始', helper: 'HH:mm，如 22:00' },
            { key: 'nightEnd', label: '夜间时段结束', helper: 'HH:mm，如 06:00' },
          ]}
        />
      </section>
      <section className="settings-card">
        <h4>呼叫语音播报</h4>
        <ConfigForm
          url={IotPaths.callVoice}
          testId="call-voice"
          schema={callVoiceInput}
          saveAuthority={Authority.iotCallSetting}
          fields={[
            { key: 'status', label: '语音播报', kind: 'select', options: onOffOptions },
            { key: 'times', label: '播报次数', kind: 'number', helper: '1–10 次' },
            {
              key: 'voiceText',
              label: '播报内容',
              helper: '{roomName} 读作房间名，{bedName} 读作床位名',
            },
          ]}
        />
      </section>
    </div>
  );
}
