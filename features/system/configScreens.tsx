import { Authority } from '../../domain/menus.js';
import { serverConfigInput } from '../../domain/settings.js';
import { ConfigForm } from '../../src/ui/ConfigForm.js';

const onOff = [
  { value: 1, label: '需要审核' },
  { value: 0, label: '无需审核' },
];

/** /systemSetting/serve: where consoles reach this server, file limits and log retention. */
export function ServerSettings() {
  return (
    <ConfigForm
      url="/passport/web-rbac/serverConfigs"
      testId="page-serve"
      schema={serverConfigInput}
      saveAuthority={Authority.serveSave}
      fields={[
        { key: 'serverName', label: '服务器名称' },
        { key: 'apiBaseUrl', label: '接口地址', helper: '留空表示与控制台同源' },
        { key: 'pushUrl', label: '推送通道地址' },
        { key: 'mqttUrl', label: '消息服务地址' },
        { key: 'fileMaxMb', label: '上传文件上限（MB）', kind: 'number' },
        { key: 'keepLogDays', label: '操作日志保留天数', kind: 'number' },
      ]}
    />
  );
}

/** /systemSetting/checkConfig (alias /oldman/checkConfig): which workflows need a review step. */
export function CheckConfig() {
  return (
    <ConfigForm
      url="/pims/web-org/checkConfig"
      testId="page-checkConfig"
      saveAuthority={Authority.checkConfig}
      fields={[
        { key: 'outingCheck', label: '外出登记', kind: 'select', options: onOff },
        { key: 'settleCheck', label: '退住结算', kind: 'select', options: onOff },
        { key: 'contractCheck', label: '合同签订', kind: 'select', options: onOff },
      ]}
    />
  );
}

/** /systemSetting/templateSet: print header and the default contract template. */
export function TemplateSettings() {
  return (
    <ConfigForm
      url="/pims/web-org/template"
      testId="page-templateSet"
      saveAuthority={Authority.templateSet}
      fields={[{ key: 'printHeader', label: '打印抬头' }]}
    />
  );
}
