/** Response codes on the wire (spec 000 §8; docs/architecture.md, "API conventions"). */
export const Code = {
  ok: 0,
  /** No authority for the call; the console maps 401 to 4010. */
  noAuthority: 401,
  serverError: 500,
  loginExpired: 4011,
  signedInElsewhere: 4012,
  keyInfoChanged: 4013,
  /** Business and validation errors: five digits, so the console shows the server message alone. */
  invalidInput: 10001,
  notFound: 10004,
  conflict: 10009,
  /** A workflow action the record's state does not take (machines/workflow.ts). */
  actionRefused: 10010,
  wrongCredentials: 10101,
  photoCodeRequired: 10102,
  photoCodeWrong: 10103,
  accountDisabled: 10104,
  tooManyAttempts: 10105,
  smsCodeWrong: 10106,
  passwordMismatch: 10107,
  userExists: 10108,
  passwordWeak: 10109,
  /** The account's password was reset by an administrator: only session calls until it is changed. */
  passwordChangeRequired: 10110,
  uploadRejected: 10201,
  deptNotAllowed: 10301,
  /**
   * A residence change would put the elder in another data department and the body does not carry
   * confirmDeptMove: true (issue #36 point 5); the message is the question the console asks.
   */
  deptMoveUnconfirmed: 10302,
  /** Outings (machines/outingMachine.ts): 104xx. */
  outingRefused: 10401,
  elderCannotGoOut: 10402,
  /** Drugs per elder: 109xx (issue #16). A dose or take-out beyond a custody record's rest. */
  drugKeepInsufficient: 10901,
  /** Scanned-code payment (server/payment): 106xx. */
  paymentPurposeUnknown: 10601,
  paymentKeyConflict: 10602,
  paymentNotFound: 10603,
  paymentProviderError: 10604,
  paymentNotSandbox: 10605,
  paymentState: 10606,
  /** Money (billing, home-care accounts): 105xx. */
  insufficientBalance: 10501,
  tradeVoided: 10502,
  settlementRefused: 10503,
  billState: 10504,
  /** Home care: 107xx. */
  serveOrderState: 10701,
  afterSaleState: 10702,
  homeAccountState: 10703,
  /** 派单 to staff who do not serve home-care orders (HOME_CARER_JOB_TYPES). */
  notHomeCarer: 10704,
  /** Warehouse: 108xx (issue #16). Stock would go below zero. */
  stockInsufficient: 10801,
} as const;
export type CodeName = keyof typeof Code;

/** Chinese messages the server sends with each code. */
export const codeMessage: Record<number, string> = {
  [Code.ok]: '成功',
  [Code.stockInsufficient]: '库存不足',
  [Code.noAuthority]: '权限不足',
  [Code.serverError]: '服务器内部错误',
  [Code.loginExpired]: '登录状态失效，请重新登录',
  [Code.signedInElsewhere]: '此账号已被其他人登录，请重新登录',
  [Code.keyInfoChanged]: '用户关键信息发生变化，请重新登录',
  [Code.invalidInput]: '参数校验失败',
  [Code.notFound]: '数据不存在',
  [Code.conflict]: '数据冲突',
  [Code.actionRefused]: '当前状态不能进行此操作',
  [Code.wrongCredentials]: '用户名或密码错误',
  [Code.photoCodeRequired]: '请输入图片验证码',
  [Code.photoCodeWrong]: '图片验证码错误',
  [Code.accountDisabled]: '账号已停用',
  [Code.tooManyAttempts]: '尝试次数过多，请稍后再试',
  [Code.smsCodeWrong]: '短信验证码错误或已过期',
  [Code.passwordMismatch]: '两次输入的密码不一致',
  [Code.passwordChangeRequired]: '请先修改密码',
  [Code.userExists]: '该用户已存在',
  [Code.passwordWeak]: '密码不符合要求',
  [Code.uploadRejected]: '上传文件不符合要求',
  [Code.deptNotAllowed]: '无权访问该数据部门',
  [Code.deptMoveUnconfirmed]: '办理后长者将归入其他部门，请确认后再办理',
  [Code.outingRefused]: '外出登记的当前状态不允许此操作',
  [Code.elderCannotGoOut]: '该长者当前不能登记外出',
  [Code.drugKeepInsufficient]: '代管药品余量不足',
  [Code.paymentPurposeUnknown]: '不支持的支付用途',
  [Code.paymentKeyConflict]: '该幂等键已用于另一笔支付（金额、方式或用途不同）',
  [Code.paymentNotFound]: '支付订单不存在',
  [Code.paymentProviderError]: '支付通道暂不可用，请稍后重试',
  [Code.paymentNotSandbox]: '当前支付通道不是沙箱，不能模拟扫码',
  [Code.paymentState]: '支付订单状态不允许此操作',
  [Code.insufficientBalance]: '账户余额不足',
  [Code.tradeVoided]: '该交易已作废',
  [Code.settlementRefused]: '该长者不能结算',
  [Code.billState]: '账单状态不允许此操作',
  [Code.serveOrderState]: '工单状态不允许此操作',
  [Code.afterSaleState]: '售后工单状态不允许此操作',
  [Code.homeAccountState]: '居家账户状态不允许此操作',
  [Code.notHomeCarer]: '该员工不是居家服务人员，不能派单',
};

/**
 * The business codes each module's changes can answer besides the common ones (10001, 10009, 10010;
 * 401/403/404 are documented apart), listed on their 400 in the OpenAPI document so that an integrator
 * knows them (issue #39). Keyed by module name (`shell`: sign-in, session, config, uploads, lookups,
 * payment). tests/unit/module-codes.test.ts holds each list to the codes the module's server code throws,
 * and the libraries it calls (the ledger for money, the upload store for files).
 */
export const moduleCodes: Readonly<Record<string, readonly number[]>> = {
  shell: [
    Code.wrongCredentials,
    Code.photoCodeRequired,
    Code.photoCodeWrong,
    Code.accountDisabled,
    Code.tooManyAttempts,
    Code.smsCodeWrong,
    Code.passwordMismatch,
    Code.userExists,
    Code.passwordWeak,
    Code.uploadRejected,
    Code.paymentPurposeUnknown,
    Code.paymentKeyConflict,
    Code.paymentNotFound,
    Code.paymentProviderError,
    Code.paymentNotSandbox,
    Code.paymentState,
  ],
  live: [Code.deptMoveUnconfirmed, Code.outingRefused, Code.elderCannotGoOut, Code.uploadRejected],
  expense: [Code.insufficientBalance, Code.tradeVoided, Code.settlementRefused, Code.billState],
  homecare: [
    Code.insufficientBalance,
    Code.tradeVoided,
    Code.serveOrderState,
    Code.afterSaleState,
    Code.homeAccountState,
    Code.notHomeCarer,
    Code.uploadRejected,
  ],
  administration: [Code.uploadRejected],
  drugs: [Code.drugKeepInsufficient],
  warehouse: [Code.stockInsufficient],
  system: [Code.userExists, Code.passwordWeak],
};

/** The envelope of every JSON answer. */
export interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** Totals over every row the filters select (a definition's `sums`). */
  sums?: Record<string, number>;
}
