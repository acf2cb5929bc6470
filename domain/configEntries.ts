/**
 * Every stored configuration entry of an organisation, with the values a new institution starts with.
 * The four parts of the console's system config (spec 000 §3) are iconConfig, loginPageConfig,
 * mattress and Theme; the rest are preload and settings entries.
 */
export function configDefaults(orgName: string) {
  return {
    iconConfig: {
      systemIcon: '',
      systemName: '智慧养老平台',
      windowIcon: '',
      windowName: `${orgName} · 智慧养老平台`,
      menuOpenStatus: 'OPEN',
      waterMark: 'OPEN',
    },
    // A new home lands on the 工作台 after sign-in (issue #37 point 8); blank is the welcome view.
    loginPageConfig: { mainFirstUrl: '/home' },
    mattress: {
      setId: 1,
      setContent: {
        alarmRemind: { status: 1, position: ['alarm', 'bedInfo'] },
        alarmVoice: { status: 1, times: 3 },
      },
    },
    Theme: { systemThemeColor: '#1E87F0' },
    pwdConfig: { minLength: 8, requireLetterAndDigit: true },
    loginConfig: { idleMinutes: 120, absoluteHours: 12, maxFailures: 10 },
    /** 'ALWAYS' asks every sign-in for the picture code; 'AUTO' only after 3 failures. */
    photoCodeConfig: { mode: 'AUTO', afterFailures: 3 },
    recordNumConfig: { recordNum: '浙ICP备00000000号', recordNumDesc: '智慧养老平台 版权所有' },
    preload: { loginIcon: '', loginBackground: '', loginIconName: orgName },
    serverConfigs: {
      serverName: '本机',
      apiBaseUrl: '',
      pushUrl: '/push',
      mqttUrl: '/mqtt',
      fileMaxMb: 20,
      keepLogDays: 180,
    },
    template: { contractTemplateId: null as number | null, printHeader: orgName },
    setting: { elderNoPrefix: 'YG', autoBill: 1, billDay: 1 },
    checkConfig: { outingCheck: 1, settleCheck: 1, contractCheck: 0 },
    /** Nurse-call base settings (GET/PUT /tdms/web-org/callSetBase). */
    callSetBase: { answerTimeoutSeconds: 60, remindRepeat: 1, nightStart: '22:00', nightEnd: '06:00' },
    /** Call announcement (GET/PUT /tdms/web-org/callVoice). */
    callVoice: { status: 1, times: 3, voiceText: '{roomName}{bedName}呼叫' },
    /**
     * Control-room alarm handling: minutes before an unacknowledged alarm is escalated; seconds a nurse
     * call waits unanswered before it becomes an alarm (0: every call at once).
     */
    alarmSetting: { escalateAfterMinutes: 5, sound: 1, callAlarmAfterSeconds: 60 },
    /**
     * Voice-call notification of alarms (GET/PUT /pims/web-org/aliVmsConfig): when on, an alarm of one
     * of the chosen scenes (`source:alarmType`) rings the listed phones with the TTS template.
     */
    aliVmsConfig: {
      status: 0,
      accessKeyId: '',
      accessKeySecret: '',
      calledShowNumber: '',
      ttsCode: '',
      phones: [] as string[],
      scenes: ['pnt:sos', 'mattress:3', 'mattress:4'] as string[],
    },
    /** Positioning service of the organisation (GET /loms/web-lo/pnt/config/{orgId}). */
    pntConfig: { isEnable: 1, offlineSeconds: 60, trailMinutes: 30 },
  };
}
export type ConfigEntries = ReturnType<typeof configDefaults>;
export type ConfigKey = keyof ConfigEntries;
