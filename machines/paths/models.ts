import { Code } from '../../domain/codes.js';
import { makeDept, makeUserInfo } from './sampleUsers.js';

/**
 * What `npm run paths` feeds a machine beyond bare event types: events whose guards read a payload
 * (a bed, a date, a carer) and machines whose context comes from input. A machine not named here
 * gets one bare event per event type found in its transitions.
 */
/** An event to send: its type and whatever its guards and actions read. */
export type Sample = { type: string } & Record<string, unknown>;

export interface PathModel {
  /** Events to try: the same everywhere, or per state (by its value). */
  events?: Sample[] | ((value: unknown) => Sample[]);
  input?: unknown;
  /** Which snapshots count as one state of the walk (default: the state value alone). */
  serialize?: (snapshot: { value: unknown; context: unknown }) => string;
}

const err = (code: number) => ({ code, message: `错误${code}` });
const users = [
  makeUserInfo(),
  makeUserInfo({ userId: 2, dataDeptInfoList: [makeDept(2, '护理一部')] }),
  makeUserInfo({ userId: 3, selectedDataDeptId: 1 }),
  makeUserInfo({ userId: 4, resetPassword: 1 }),
];
const sessionErrors = [Code.loginExpired, Code.signedInElsewhere, Code.keyInfoChanged].map((code) => ({
  type: 'session.error',
  code,
}));

/** What may happen in each session state: the user's actions and what the effects report back. */
function sessionEvents(value: unknown): Sample[] {
  const withErrors = (events: Sample[]) => [...events, ...sessionErrors];
  const byState: Record<string, Sample[]> = {
    checking: [
      { type: 'session.checked', userInfo: null },
      { type: 'session.checked', userInfo: users[2] },
    ],
    anonymous: [{ type: 'session.login', loginName: 'admin', loginPassword: 'pw' }],
    authenticating: [
      ...users.map((userInfo) => ({ type: 'session.loginSucceeded', userInfo })),
      { type: 'session.loginFailed', error: err(Code.wrongCredentials) },
    ],
    passwordChangeRequired: withErrors([
      { type: 'session.changePassword', password: 'Newpass2026' },
      { type: 'session.logout' },
    ]),
    changingPassword: [
      { type: 'session.passwordChanged' },
      { type: 'session.passwordChangeFailed', error: err(Code.passwordWeak) },
    ],
    choosingDepartment: withErrors([{ type: 'session.selectDept', deptId: 2 }, { type: 'session.logout' }]),
    selectingDepartment: withErrors([
      { type: 'session.deptSelected', deptId: 2 },
      { type: 'session.deptSelectFailed', error: err(Code.deptNotAllowed) },
    ]),
    loadingMenus: withErrors([
      { type: 'session.menusLoaded', menus: [], buttons: [] },
      { type: 'session.menusFailed', error: err(5000) },
    ]),
    authenticated: withErrors([{ type: 'session.logout' }, { type: 'session.switchDept' }]),
    startupFailed: [{ type: 'session.logout' }],
    expired: [{ type: 'session.alertClosed' }],
    signedInElsewhere: [{ type: 'session.alertClosed' }],
    keyInfoChanged: [{ type: 'session.alertClosed' }],
    loggingOut: [{ type: 'session.loggedOut' }],
    leaving: [{ type: 'session.cleared' }],
  };
  return byState[String(value)] ?? [];
}

const configParts = ['iconConfig', 'loginPageConfig', 'mattress', 'Theme'] as const;
/** Each part of the system config loads or falls back; once ready it can be updated or reloaded. */
function systemConfigEvents(value: unknown): Sample[] {
  if (value === 'ready')
    return [
      { type: 'config.update', part: 'iconConfig', value: { waterMark: 'CLOSE' } },
      { type: 'config.reload' },
    ];
  const loading = (value as { loading?: Record<string, string> }).loading ?? {};
  return configParts
    .filter((part) => loading[part] === 'loading')
    .flatMap((part) => [
      { type: 'config.loaded', part, value: {} },
      { type: 'config.failed', part },
    ]);
}

const nurse = { userId: 2, userName: '护士' };
const garden = {
  railId: 1,
  railName: '花园',
  remark: '',
  vertices: [
    [120.1, 30.2],
    [120.2, 30.2],
    [120.2, 30.3],
    [120.1, 30.3],
  ],
};

const order = (status: string) => ({
  payId: 'P20261123000001',
  status,
  amount: '88.80',
  payWay: 10,
  payWayName: '微信扫码',
  codeUrl: 'weixin://wxpay/bizpayurl?pr=sandbox',
  failReason: status === 'failed' ? '余额不足' : null,
});

export const pathModels: Record<string, PathModel> = {
  settleInMachine: {
    input: { today: '2026-11-26' },
    // the step and what is filled in: an elder chosen, a bed, a valid day, the kind
    serialize: (s) => {
      const c = s.context as { oldmanId: unknown; bedId: unknown; date: unknown; kind: unknown };
      return JSON.stringify([s.value, c.oldmanId, c.bedId, c.date, c.kind]);
    },
    events: [
      { type: 'settleIn.pickElder', oldmanId: 7, oldmanName: '王秀英', reservedBedId: null },
      { type: 'settleIn.pickElder', oldmanId: 8, oldmanName: '李建国', reservedBedId: 31 },
      { type: 'settleIn.pickBed', bedId: 12, bedName: '1号楼1层101-1床' },
      { type: 'settleIn.pickBed', bedId: null, bedName: '' },
      { type: 'settleIn.setDate', date: '' },
      { type: 'settleIn.setDate', date: '2026-12-01' },
      { type: 'settleIn.setKind', kind: 'TRIAL' },
      { type: 'settleIn.next' },
      { type: 'settleIn.back' },
      { type: 'settleIn.submit' },
      { type: 'settleIn.restart' },
      { type: 'checkIn.done' },
      { type: 'checkIn.error', error: new Error('床位已被占用') },
    ],
  },
  scanPayMachine: {
    input: { payWay: 10 },
    // the chosen way decides where 选择 leads (a 付款码 way waits for the code)
    serialize: (s) => JSON.stringify([s.value, (s.context as { payWay: number }).payWay]),
    events: [
      { type: 'pay.chooseWay', payWay: 10 },
      { type: 'pay.chooseWay', payWay: 12 },
      { type: 'pay.start' },
      { type: 'pay.submitCode', authCode: '134567890123456789' },
      { type: 'startPayment.done', output: order('pending') },
      { type: 'startPayment.error', error: { message: '支付金额应为账单合计 88.80 元' } },
      { type: 'pay.simulateScan' },
      { type: 'simulateScan.done', output: order('paid') },
      { type: 'pay.updated', order: order('paid') },
      { type: 'pay.updated', order: order('failed') },
      { type: 'pay.updated', order: order('closed') },
      { type: 'pay.retry' },
    ],
  },
  sessionMachine: { events: sessionEvents },
  systemConfigMachine: { events: systemConfigEvents },
  alarmMachine: {
    input: { at: 500, escalateAfterMinutes: 5 },
    events: [
      { type: 'alarm.ack', ...nurse, at: 1_000 },
      { type: 'alarm.escalate', at: 300_000 },
      { type: 'alarm.handle', ...nurse, note: '已到床边，老人无恙', at: 2_000 },
      { type: 'alarm.ignore', ...nurse, at: 3_000 },
      { type: 'alarm.release', ...nurse, at: 4_000 },
      { type: 'alarm.comment', ...nurse, content: '已通知家属' },
      { type: 'alarm.retrigger', at: 5_000 },
    ],
  },
  fenceEditorMachine: {
    input: { canEdit: true },
    // a new shape (no rail selected) or an existing rail's, and a drawing's vertices up to the three it
    // needs (each count its own state, or the walk never gets past the first): so a drawing is finished,
    // undone and dragged, and a new rail named, saved and cancelled
    serialize: (s) => {
      const c = s.context as { selected: unknown; vertices: unknown[] };
      const drawn = s.value === 'drawing' ? Math.min(c.vertices.length, 3) : null;
      return JSON.stringify([s.value, c.selected !== null, drawn]);
    },
    events: [
      { type: 'rail.select', rail: garden },
      { type: 'rail.deselect' },
      { type: 'draw.start' },
      { type: 'vertex.add', at: [120.15, 30.25] },
      { type: 'vertex.undo' },
      { type: 'vertex.move', index: 0, at: [120.12, 30.21] },
      { type: 'vertex.remove', index: 0 },
      { type: 'shape.finish' },
      { type: 'edit.start' },
      { type: 'save', railName: '东区花园', remark: '白天开放' },
      { type: 'save.done', rail: { ...garden, railId: 9, railName: '东区花园' } },
      { type: 'save.failed', message: '请输入围栏名称' },
      { type: 'delete.request' },
      { type: 'delete.confirm' },
      { type: 'delete.done' },
      { type: 'delete.failed', message: '围栏正被规则使用，不能删除' },
      { type: 'cancel' },
    ],
  },
  residenceMachine: {
    input: { oldmanStatus: 3, bedId: null, checkInDate: null, leaveDate: null },
    events: [
      { type: 'RESERVE', bedId: 7, date: '2026-01-05' },
      { type: 'TRIAL', bedId: 8, date: '2026-01-10' },
      { type: 'CHECK_IN', bedId: 9, date: '2026-01-12' },
      { type: 'CONFIRM', date: '2026-01-20' },
      { type: 'QUIT', date: '2026-02-01' },
      { type: 'QUIT_BOOKING', date: '2026-01-06' },
      { type: 'WAIT', date: '2026-03-01' },
    ],
  },
  outingMachine: {
    input: {
      outStatus: null,
      expectedOutTime: null,
      expectedReturnTime: null,
      actualOutTime: null,
      actualReturnTime: null,
      postponeCount: 0,
    },
    events: [
      {
        type: 'outing.register',
        auditRequired: true,
        expectedOutTime: '2026-05-01 09:00:00',
        expectedReturnTime: '2026-05-01 17:00:00',
      },
      {
        type: 'outing.register',
        auditRequired: false,
        expectedOutTime: '2026-05-01 09:00:00',
        expectedReturnTime: '2026-05-01 17:00:00',
      },
      {
        type: 'outing.edit',
        auditRequired: true,
        expectedOutTime: '2026-05-01 10:00:00',
        expectedReturnTime: '2026-05-01 18:00:00',
      },
      {
        type: 'outing.edit',
        auditRequired: false,
        expectedOutTime: '2026-05-01 10:00:00',
        expectedReturnTime: '2026-05-01 18:00:00',
      },
      { type: 'outing.pass' },
      { type: 'outing.decline' },
      { type: 'outing.affirm', at: '2026-05-01 09:10:00' },
      { type: 'outing.postpone', expectedReturnTime: '2026-05-02 17:00:00' },
      { type: 'outing.cancel' },
      { type: 'outing.return', at: '2026-05-01 16:30:00' },
    ],
  },
  patrolTaskMachine: {
    events: [
      { type: 'patrol.record' },
      { type: 'patrol.finish', abnormal: false },
      { type: 'patrol.finish', abnormal: true },
      { type: 'patrol.miss' },
    ],
    serialize: (s) => JSON.stringify([s.value, (s.context as { taskResult: unknown }).taskResult]),
  },
  adverseEventMachine: {
    events: [
      { type: 'adverse.edit' },
      { type: 'adverse.investigate' },
      { type: 'adverse.follow' },
      { type: 'adverse.rectify', cause: true },
      { type: 'adverse.rectify', cause: false },
      { type: 'adverse.close', cause: true },
      { type: 'adverse.close', cause: false },
    ],
  },
  nursingTaskMachine: {
    events: [
      { type: 'task.done' },
      { type: 'task.miss', reason: '长者拒绝' },
      { type: 'task.cancel', reason: '长者外出' },
    ],
  },
  medicationDoseMachine: {
    // the reasons are the screen's common ones, which the driver picks by their buttons
    events: [
      { type: 'dose.give' },
      { type: 'dose.refuse', reason: '长者拒绝服药' },
      { type: 'dose.hold', reason: '长者睡眠中' },
    ],
  },
  serviceOrderMachine: {
    input: { serveStatus: 1, nursingId: null, received: false, paid: false, afterSaleStatus: null },
    events: [
      { type: 'pay' },
      { type: 'distribute', nursingId: 3 },
      { type: 'receive' },
      { type: 'start' },
      { type: 'over' },
      { type: 'cancel' },
      { type: 'abolish' },
      { type: 'close' },
      { type: 'afterSales' },
      { type: 'audit' },
    ],
  },
  inspectionMachine: {
    input: {
      recordStatus: 1,
      rectifyUserName: null,
      rectifyDeadline: null,
      rectifyContent: null,
      rectifyPhotos: [],
      rectifyTime: null,
      overdue: 0,
    },
    events: [
      {
        type: 'inspection.assign',
        rectifyUserName: '孙立明',
        rectifyDeadline: '2026-05-10',
        today: '2026-05-01',
      },
      {
        type: 'inspection.rectify',
        rectifyContent: '已清理',
        rectifyPhotos: ['/files/a.png'],
        at: '2026-05-08 10:00:00',
      },
      { type: 'inspection.expire', today: '2026-05-11' },
    ],
  },
  activityMachine: {
    input: { capacity: 2, registerCount: 0, signInCount: 0, signOutCount: 0 },
    events: [
      { type: 'activity.openRegistration' },
      { type: 'activity.register', registered: false },
      { type: 'activity.closeRegistration' },
      { type: 'activity.start' },
      { type: 'activity.signIn', registered: true, signedIn: false },
      { type: 'activity.signOut', signedIn: true, signedOut: false },
      { type: 'activity.end' },
      { type: 'activity.cancel' },
    ],
    // the counts after the first sign-in do not make new states of the walk
    serialize: (s) => JSON.stringify([s.value, (s.context as { registerCount: number }).registerCount]),
  },
  drugCustodyMachine: {
    input: { restQuantity: 4 },
    // 代管中: a dose of part of it, or all of it given back or destroyed at once; 使用中 (3 left):
    // the rest used up or given back. Four paths reach every end, each event from both open states
    // but 销毁 (its closing is the same draw as 退还家属's), so the console's paths stay few.
    events: (value) =>
      value === 'kept'
        ? [
            { type: 'custody.use', quantity: 1 },
            { type: 'custody.giveBack', quantity: 4 },
            { type: 'custody.destroy', quantity: 4 },
          ]
        : [
            { type: 'custody.use', quantity: 3 },
            { type: 'custody.giveBack', quantity: 3 },
          ],
    serialize: (s) => JSON.stringify([s.value, (s.context as { restQuantity: number }).restQuantity]),
  },
  stockDocumentMachine: {
    events: [
      { type: 'stockDoc.post' },
      { type: 'stockDoc.postRedPunch' },
      { type: 'stockDoc.print' },
      { type: 'stockDoc.reverse' },
    ],
  },
  lendMachine: {
    events: [
      { type: 'lend.post' },
      { type: 'lend.return', allBack: false },
      { type: 'lend.return', allBack: true },
    ],
  },
  // Every event is listed: the covering paths (--transitions) try the listed ones only.
  pushConnectionMachine: {
    events: [
      // the driver signs in: the token is the session's
      { type: 'push.start', token: 'token' },
      ...[
        'push.stop',
        'push.online',
        'push.tabHidden',
        'push.opened',
        'push.authOk',
        'push.error',
        'push.closed',
        'push.rejected',
        'push.heartbeatDue',
        'push.replyTimeout',
        'push.reconnectDue',
        'push.silent',
      ].map((type) => ({ type })),
      // a message of the server: an ordinary one (a notice) keeps the channel; login.expired closes it
      { type: 'push.message', messageType: 'notice', at: 1_000 },
      {
        type: 'push.message',
        messageType: 'login.expired',
        data: { code: Code.signedInElsewhere },
        at: 2_000,
      },
    ],
  },
  brokerConnectionMachine: {
    // the acknowledgement of the first connection's subscriptions (a stale one is ignored)
    events: [
      { type: 'broker.connect', url: 'ws://127.0.0.1/mqtt', username: 'console', password: 'token' },
      { type: 'broker.subscribed', connection: 1 },
      ...[
        'broker.connected',
        'broker.reconnecting',
        'broker.close',
        'broker.offline',
        'broker.end',
        'broker.stop',
      ].map((type) => ({ type })),
    ],
  },
  stocktakeMachine: {
    events: [
      { type: 'stocktake.create' },
      { type: 'stocktake.save' },
      { type: 'stocktake.resnapshot' },
      { type: 'stocktake.print' },
      { type: 'stocktake.post' },
      { type: 'stocktake.cancel' },
    ],
  },
};
