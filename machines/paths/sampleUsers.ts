import type { DeptInfo, UserInfo } from '../../domain/session.js';

export function makeDept(deptId: number, deptName: string): DeptInfo {
  return {
    deptId,
    deptName,
    deptLevel: 1,
    deptType: 'NURSE',
    parentId: 0,
    orgId: 1,
    ward: 1,
    inpatient: 1,
    outpatient: 0,
    deptKey: `D${deptId}`,
  };
}

/** A signed-in user for tests; override what the case needs. */
export function makeUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 1,
    token: 'token-1',
    mqttClientId: 'console-token1tag',
    username: 'admin',
    isAdmin: true,
    ipAddress: '127.0.0.1',
    lastLoginTime: null,
    loginTime: '2026-11-22T08:00:00.000Z',
    resetPassword: 0,
    landingEndList: [
      { landingEndId: 1, deviceType: 'PC', landingEndCode: 'web', landingEndName: '管理后台' },
    ],
    empInfo: {
      empId: 1,
      empName: '王建国',
      empType: 'STAFF',
      deptId: 1,
      orgId: 1,
      phoneNum: '13800000001',
      sex: 0,
      status: 0,
      msgAuth: 1,
      language: 'zh-CN',
      jobIds: '1',
      nursingLevel: null,
      headImage: '',
    },
    deptInfo: makeDept(1, '院办'),
    orgInfo: {
      orgId: 1,
      orgName: '阳光颐养院',
      orgLevel: 3,
      orgCode: 'YGYY001',
      orgStatus: 0,
      parentId: 0,
      source: 'SYSTEM',
    },
    jobInfo: [],
    dataDeptInfoList: [makeDept(1, '院办'), makeDept(2, '护理一部')],
    authority: [{ code: 'systemSetting:logList', menuName: '操作日志' }],
    quickEntry: [],
    selectedDataDeptId: null,
    ...overrides,
  };
}
