/** Response codes on the wire (spec 000 §8; ARCHITECTURE "API conventions"). */
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
} as const;
export type CodeName = keyof typeof Code;

/** Chinese messages the server sends with each code. */
export const codeMessage: Record<number, string> = {
  [Code.ok]: '成功',
  [Code.noAuthority]: '权限不足',
  [Code.serverError]: '服务器内部错误',
  [Code.loginExpired]: '登录状态失效，请重新登录',
  [Code.signedInElsewhere]: '此账号已被其他人登录，请重新登录',
  [Code.keyInfoChanged]: '用户关键信息发生变化，请重新登录',
  [Code.invalidInput]: '参数校验失败',
  [Code.notFound]: '数据不存在',
  [Code.conflict]: '数据冲突',
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
}
