import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ConfigPaths } from '../../domain/api/settingsPaths.js';
import { Authority } from '../../domain/menus.js';
import { type SystemConfigParts, systemConfigDefaults, themeNames } from '../../domain/systemConfig.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { useConfigActor } from '../../src/config/context.js';

type Icon = SystemConfigParts['iconConfig'];
const themeLabels: Record<string, string> = {
  default: '默认蓝',
  qingxiangcheng: '清香橙',
  heyelv: '荷叶绿',
  ziluolan: '紫罗兰',
  lieyanhong: '烈焰红',
};

/** /systemSetting/display: system and window name and icon, menu state, watermark and theme, applied at once. */
export function Display() {
  const { request, toast } = useApp();
  const configActor = useConfigActor();
  const [icon, setIcon] = useState<Icon>(systemConfigDefaults.iconConfig);
  const [theme, setTheme] = useState(systemConfigDefaults.Theme.systemThemeColor);
  const [error, setError] = useState('');
  // The form opens once the stored values are in, so a late answer cannot overwrite what was chosen.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void Promise.allSettled([
      request<Icon>({ url: ConfigPaths.displayIcon }).then(setIcon),
      request<{ systemThemeColor: string }>({
        url: ConfigPaths.systemThemeColor,
      }).then((t) => setTheme(t.systemThemeColor)),
    ]).then(() => setLoaded(true));
  }, [request]);
  const set = (key: keyof Icon) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setIcon({ ...icon, [key]: e.target.value });
  const save = async () => {
    setError('');
    try {
      await request({ url: ConfigPaths.displayIcon, method: 'PUT', data: icon, silent: true });
      await request({
        url: ConfigPaths.systemThemeColor,
        method: 'PUT',
        data: { systemThemeColor: theme },
        silent: true,
      });
      // the running config machine stores them and applies the theme, title and watermark (App)
      configActor.send({ type: 'config.update', part: 'iconConfig', value: icon });
      configActor.send({ type: 'config.update', part: 'Theme', value: { systemThemeColor: theme } });
      toast('显示设置已保存', 'success');
    } catch (e) {
      setError((e as { message?: string }).message ?? '保存失败');
    }
  };
  return (
    <fieldset
      className="page"
      data-testid="page-display"
      disabled={!loaded}
      style={{ maxWidth: 640, border: 0, margin: 0, minWidth: 0 }}
    >
      <FormGroup label="系统名称" labelFor="d-sys">
        <InputGroup id="d-sys" value={icon.systemName} onChange={set('systemName')} />
      </FormGroup>
      <FormGroup label="系统图标地址" labelFor="d-icon">
        <InputGroup
          id="d-icon"
          value={icon.systemIcon}
          onChange={set('systemIcon')}
          placeholder="/files/images/…"
        />
      </FormGroup>
      <FormGroup label="窗口名称" labelFor="d-win">
        <InputGroup id="d-win" value={icon.windowName} onChange={set('windowName')} />
      </FormGroup>
      <FormGroup label="菜单默认" labelFor="d-menu">
        <HTMLSelect id="d-menu" value={icon.menuOpenStatus} onChange={set('menuOpenStatus')}>
          <option value="OPEN">展开</option>
          <option value="CLOSE">收起</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="水印" labelFor="d-wm">
        <HTMLSelect id="d-wm" value={icon.waterMark} onChange={set('waterMark')}>
          <option value="OPEN">开启</option>
          <option value="CLOSE">关闭</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="主题色" labelFor="d-theme">
        <HTMLSelect id="d-theme" value={theme} onChange={(e) => setTheme(e.target.value)}>
          {Object.entries(themeNames).map(([color, name]) => (
            <option key={color} value={color}>
              {themeLabels[name] ?? name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <Authorized code={Authority.displaySave} mode="disable">
        <Button intent={Intent.PRIMARY} text="保存" onClick={save} />
      </Authorized>
    </fieldset>
  );
}
