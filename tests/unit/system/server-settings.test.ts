import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import {
  call,
  signIn,
  signInAdmin,
  signInNurse,
  signInOtherOrg,
  startTestApp,
} from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const DICT = '/pims/web-org/dictionarys';
const count = async (table: 'dictionary' | 'dictionaryValue' | 'operationLog') =>
  Number(
    (
      await h.app.services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sample = {
  dictionaryCode: 'care_level',
  dictionaryName: '护理等级',
  remark: '',
  sort: 1,
  values: [{ valueCode: '1', valueName: '一级', sort: 0 }],
};

describe('data dictionary routes', () => {
  it('creates, edits and deletes with an operation-log row each', async () => {
    const { token } = await signInAdmin(h.app);
    const logsBefore = await count('operationLog');
    const created = await call(h.app, token, 'POST', DICT, sample);
    expect(created.body.code).toBe(0);
    const id = (created.body.result as { dictionaryId: number }).dictionaryId;
    const edited = await call(h.app, token, 'PUT', `${DICT}/${id}`, {
      ...sample,
      dictionaryName: '护理级别',
      values: [
        { valueCode: '1', valueName: '特级' },
        { valueCode: '2', valueName: '一级' },
      ],
    });
    expect(edited.body.code).toBe(0);
    const values = (await call(h.app, token, 'GET', `${DICT}/${id}/dictionaryValues`)).body.result as {
      valueName: string;
    }[];
    expect(values.map((v) => v.valueName)).toEqual(['特级', '一级']);
    expect((await call(h.app, token, 'DELETE', `${DICT}/${id}`)).body.code).toBe(0);
    const logs = await call(h.app, token, 'GET', '/passport/web-rbac/systemLogs?pageNum=1&pageSize=3');
    expect(
      (logs.body.result as { list: { operationName: string }[] }).list.map((l) => l.operationName),
    ).toEqual(['删除字典：护理级别', '修改字典：护理级别', '新增字典：护理等级']);
    expect(await count('operationLog')).toBe(logsBefore + 3);
  });

  it('refuses bad input and a duplicate code with nothing written', async () => {
    const { token } = await signInAdmin(h.app);
    const [dicts, values, logs] = [
      await count('dictionary'),
      await count('dictionaryValue'),
      await count('operationLog'),
    ];
    const bad = await call(h.app, token, 'POST', DICT, { ...sample, dictionaryCode: '1bad' });
    expect(bad).toMatchObject({ status: 400, body: { code: Code.invalidInput } });
    expect(bad.body.msg).toContain('字典编码须以字母开头');
    const dupValues = await call(h.app, token, 'POST', DICT, {
      ...sample,
      values: [
        { valueCode: '1', valueName: 'a' },
        { valueCode: '1', valueName: 'b' },
      ],
    });
    expect(dupValues.body.msg).toContain('字典值编码不能重复');
    const dup = await call(h.app, token, 'POST', DICT, { ...sample, dictionaryCode: 'drug_type' });
    expect(dup.body).toMatchObject({ code: Code.conflict, msg: '该字典编码已存在' });
    expect([await count('dictionary'), await count('dictionaryValue'), await count('operationLog')]).toEqual([
      dicts,
      values,
      logs,
    ]);
  });

  it('the restricted user may edit but not delete; the server says 权限不足', async () => {
    const { token } = await signInNurse(h.app);
    const list = (await call(h.app, token, 'GET', `${DICT}?pageHelper=0`)).body.result as {
      list: { dictionaryId: number }[];
    };
    const id = list.list[0]?.dictionaryId ?? 0;
    const refused = await call(h.app, token, 'DELETE', `${DICT}/${id}`);
    expect(refused).toMatchObject({ status: 403, body: { code: Code.noAuthority, msg: '权限不足' } });
    expect((await call(h.app, token, 'GET', '/tdms/web-td/device/package')).body.msg).toBe('权限不足');
    expect((await call(h.app, token, 'GET', `${DICT}/${id}/dictionaryValues`)).body.code).toBe(0);
  });

  it('another organisation never sees or touches these dictionaries', async () => {
    const admin = await signInAdmin(h.app);
    const other = await signInOtherOrg(h.app);
    const mine = (await call(h.app, admin.token, 'GET', `${DICT}?pageHelper=0`)).body.result as {
      list: { dictionaryId: number }[];
    };
    const theirs = (await call(h.app, other.token, 'GET', `${DICT}?pageHelper=0`)).body.result as {
      list: { dictionaryId: number }[];
    };
    const mineIds = new Set(mine.list.map((d) => d.dictionaryId));
    expect(theirs.list.some((d) => mineIds.has(d.dictionaryId))).toBe(false);
    const id = mine.list[0]?.dictionaryId ?? 0;
    expect((await call(h.app, other.token, 'DELETE', `${DICT}/${id}`)).body.code).toBe(Code.notFound);
    expect((await call(h.app, admin.token, 'GET', `${DICT}/${id}/dictionaryValues`)).body.code).toBe(0);
  });

  it('random bodies never give a 5xx and never write', async () => {
    const { token } = await signInAdmin(h.app);
    const before = await count('dictionary');
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        for (const [method, url] of [
          ['POST', DICT],
          ['PUT', `${DICT}/1`],
          ['PUT', '/passport/web-rbac/iconConfig'],
          ['PUT', '/passport/web-rbac/serverConfigs'],
          ['POST', '/pims/di-pi/frontLog'],
        ] as const) {
          const res = await h.app.inject({
            method,
            url,
            headers: { authorization: token, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(res.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
    expect(await count('dictionary')).toBe(before);
  });
});

describe('startup config', () => {
  it('serves the login-page config before sign-in and display settings to the signed-in', async () => {
    const preload = await call(h.app, null, 'GET', '/passport/web-rbac/systemConfigs/preload');
    expect(preload.body.result).toMatchObject({
      loginIconName: '阳光颐养院',
      photoCodeConfig: { mode: 'AUTO' },
    });
    expect(
      (await call(h.app, null, 'GET', '/passport/web-rbac/systemConfigs/loginPageConfig')).body.result,
    ).toBe('/home');
    const { token } = await signInAdmin(h.app);
    const put = await call(h.app, token, 'PUT', '/passport/web-rbac/iconConfig', {
      systemIcon: '',
      systemName: '阳光智慧养老',
      windowIcon: '',
      windowName: '阳光',
      menuOpenStatus: 'CLOSE',
      waterMark: 'CLOSE',
    });
    expect(put.body.code).toBe(0);
    expect(
      (await call(h.app, token, 'GET', '/passport/web-rbac/systemConfigs/iconConfig')).body.result,
    ).toMatchObject({ systemName: '阳光智慧养老', waterMark: 'CLOSE' });
  });
});

describe('version notes and review configuration', () => {
  it('shows the newest version note until the user has read it', async () => {
    const { token } = await signInAdmin(h.app);
    const first = (await call(h.app, token, 'GET', '/pims/web-org/versionRecord/isShow')).body.result as {
      isShow: boolean;
      record: { recordId: number };
    };
    expect(first.isShow).toBe(true);
    await call(h.app, token, 'PUT', `/pims/web-org/versionRecord/${first.record.recordId}`);
    expect(
      (
        (await call(h.app, token, 'GET', '/pims/web-org/versionRecord/isShow')).body.result as {
          isShow: boolean;
        }
      ).isShow,
    ).toBe(false);
  });
  it('saves the review configuration and refuses values outside 0/1', async () => {
    const { token } = await signInAdmin(h.app);
    expect(
      (
        await call(h.app, token, 'PUT', '/pims/web-org/checkConfig', {
          outingCheck: 0,
          settleCheck: 1,
          contractCheck: 1,
        })
      ).body.code,
    ).toBe(0);
    expect(
      (
        await call(h.app, token, 'PUT', '/pims/web-org/checkConfig', {
          outingCheck: 2,
          settleCheck: 1,
          contractCheck: 1,
        })
      ).body.code,
    ).toBe(Code.invalidInput);
    expect((await call(h.app, token, 'GET', '/pims/web-org/checkConfig')).body.result).toEqual({
      outingCheck: 0,
      settleCheck: 1,
      contractCheck: 1,
    });
  });
});

describe('operation-log retention', () => {
  it('drops rows older than keepLogDays and keeps the rest', async () => {
    const { pruneOperationLogs } = await import('../../../server/db/retention.js');
    await signInAdmin(h.app);
    const db = h.app.services.db;
    const old = new Date(Date.now() - 200 * 24 * 60 * 60 * 1000).toISOString();
    await db
      .insertInto('operationLog')
      .values({
        orgId: 1,
        userId: 1,
        userName: 'admin',
        operationType: 'UPDATE',
        operationName: '旧记录',
        method: 'PUT',
        path: '/x',
        params: '',
        ipAddress: '127.0.0.1',
        source: '管理后台',
        createTime: old,
      })
      .execute();
    const before = await count('operationLog');
    expect(await pruneOperationLogs(db, Date.now())).toBe(1);
    expect(await count('operationLog')).toBe(before - 1);
  });
});

describe('user administration: password reset by an administrator', () => {
  const USERS = '/passport/web-rbac/users';
  it('sets an initial password the user must change; old sessions end with 4013', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const weak = await call(h.app, admin.token, 'PUT', `${USERS}/${nurse.userId}`, { userPassword: 'short' });
    expect(weak.body).toMatchObject({ code: Code.passwordWeak, msg: '密码长度须为8-64位' });
    const refused = await call(h.app, nurse.token, 'PUT', `${USERS}/${admin.userId}`, {
      userPassword: 'Temp2026ab',
    });
    expect(refused.body.code).toBe(Code.noAuthority);

    const reset = await call(h.app, admin.token, 'PUT', `${USERS}/${nurse.userId}`, {
      userPassword: 'Temp2026ab',
    });
    expect(reset.body.code).toBe(0);
    const ended = await call(h.app, nurse.token, 'GET', '/pims/web-pi/oldmans/proFile');
    expect(ended.body.code).toBe(Code.keyInfoChanged);
    const oldLogin = await call(h.app, null, 'POST', '/passport/web-rbac/logins/login', {
      loginName: 'huli01',
      loginPassword: 'Huli@2026',
    });
    expect(oldLogin.body.code).toBe(Code.wrongCredentials);

    const again = await signIn(h.app, 'huli01', 'Temp2026ab');
    expect(again).toMatchObject({ resetPassword: 1 });
    const changed = await call(h.app, again.token, 'PUT', '/passport/web-rbac/logins/pwd', {
      userId: nurse.userId,
      userPassword: 'Huli2026new',
    });
    expect(changed.body.code).toBe(0);
    expect(await signIn(h.app, 'huli01', 'Huli2026new')).toMatchObject({ resetPassword: 0 });
    const logs = await call(h.app, admin.token, 'GET', '/passport/web-rbac/systemLogs?pageNum=1&pageSize=20');
    const names = (logs.body.result as { list: { operationName: string; params: string }[] }).list;
    const resetLog = names.find((l) => l.operationName === '修改用户并重置密码：huli01');
    expect(resetLog?.params).not.toContain('Temp2026ab');
  });
});
