import { configDefaults } from './configEntries.js';

/** Spec 000 §3 "System config": the four parts and their defaults. */
const d = configDefaults('');
export interface SystemConfigParts {
  iconConfig: typeof d.iconConfig & { systemIcon: string; menuOpenStatus: string; waterMark: string };
  loginPageConfig: { mainFirstUrl: string };
  mattress: {
    setId: number | null;
    setContent: {
      alarmRemind: { status: number; position: string[] };
      alarmVoice: { status: number; times: number };
    };
  };
  Theme: { systemThemeColor: string };
}
export type ConfigPart = keyof SystemConfigParts;
export const CONFIG_PARTS: ConfigPart[] = ['iconConfig', 'loginPageConfig', 'mattress', 'Theme'];

export const systemConfigDefaults: SystemConfigParts = {
  iconConfig: { ...d.iconConfig, windowName: '智慧养老平台' },
  loginPageConfig: { mainFirstUrl: '' },
  mattress: d.mattress,
  Theme: { systemThemeColor: '#1E87F0' },
};

/** Spec 000 §3 theme mapping; anything else is the default theme. */
export const themeNames: Record<string, string> = {
  '#1E87F0': 'default',
  '#FF9D11': 'qingxiangcheng',
  '#009995': 'heyelv',
  '#743B8F': 'ziluolan',
  '#E0241B': 'lieyanhong',
};
export const themeOf = (color: string | null | undefined) =>
  themeNames[(color ?? '').toUpperCase()] ?? 'default';
