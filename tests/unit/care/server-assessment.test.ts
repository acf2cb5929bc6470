import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { ResidencePaths } from '../../../domain/resources/residence.js';
import { assessmentPath, AssessmentPaths as P } from '../../../features/care/api/assessment.js';
import { AssessmentAuthority } from '../../../features/care/resources/assessment.js';
import { scaleEasy } from '../../../features/care/scales/easy.js';
import { scale2023, scale2023plus } from '../../../features/care/scales/gbt42195.js';
import { scale2013 } from '../../../features/care/scales/mzt039.js';
import { answersOf } from '../../../features/care/server/seedAssessments.js';
import { DemoAccounts } from '../../../server/db/seed.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Awaited<ReturnType<typeof startTestApp>>;
let admin: string;
let causeId: number;
const one = (id: number) => assessmentPath(P.one, { assessmentId: id });

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const causes = (await call(h.app, admin, 'GET', P.causeAlias)).body.result as Rec[];
  causeId = Number(causes[0]?.causeId);
});
afterAll(() => h.close());

const elders = async (query: string) =>
  ((await call(h.app, admin, 'GET', `/pims/web-pi/oldmans/live?pageHelper=0&${query}`)).body.result as Page)
    .list;
const body = (oldmanId: number, answers: Record<string, number>, extra: Rec = {}) => ({
  oldmanId,
  causeId,
  assessDate: '2026-03-02',
  answers,
  ...extra,
});

describe('assessment lookups and instruments', () => {
  it('serves each kind by its token and the causes at both paths', async () => {
    for (const scale of [scaleEasy, scale2013, scale2023, scale2023plus]) {
      const res = await call(h.app, admin, 'GET', assessmentPath(P.issue, { token: scale.token }));
      expect(res.body.result).toMatchObject({ type: scale.type, name: scale.name, maxScore: scale.maxScore });
    }
    const bad = await call(h.app, admin, 'GET', assessmentPath(P.issue, { token: 'normal-2030' }));
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '评估类型无效' });
    const alias = (await call(h.app, admin, 'GET', P.causeAlias)).body.result as Rec[];
    const main = (await call(h.app, admin, 'GET', '/pims/web-pi/assessment/assessmentCausle?pageHelper=0'))
      .body.result as Rec[] | Page;
    const list = Array.isArray(main) ? main : main.list;
    expect(alias.map((c) => c.causeName)).toEqual(list.map((c) => c.causeName));
    expect(alias[0]?.causeName).toBe('接受服务前初评');
  });

  it('seeds submitted assessments with their grade and suggested care level, and a draft', async () => {
    const page = (await call(h.app, admin, 'GET', `${P.list}?pageHelper=0`)).body.result as Page;
    expect(page.list.filter((r) => r.status === 1).length).toBeGreaterThanOrEqual(2);
    expect(page.list.find((r) => r.assessmentType === 2 && r.status === 1)).toMatchObject({
      gradeName: '能力轻度受损（轻度失能）',
      suggestLevelName: '半护理',
    });
    expect(page.list.some((r) => r.status === 0)).toBe(true);
  });
});

describe('a 2023 assessment from draft to unbound', () => {
  it('interim saves, resumes, submits once, grades on the server, prints, unbinds, deletes', async () => {
    const [elder] = await elders('oldmanStatus=3');
    if (!elder) throw new Error('no waiting elder');
    const oldmanId = Number(elder.oldmanId);
    const enable = () =>
      call(h.app, admin, 'GET', ResidencePaths.enableAssessments.replace(':oldmanId', String(oldmanId)));
    expect((await enable()).body.result).toMatchObject({ enable: true });
    // the reminders' list of elders still waiting for their admission assessment names them
    const awaiting = async () =>
      ((await call(h.app, admin, 'GET', ResidencePaths.awaitingAssessment)).body.result as Rec[]).map((r) =>
        Number(r.oldmanId),
      );
    expect(await awaiting()).toContain(oldmanId);

    const first = await call(h.app, admin, 'POST', P.submit2023, body(oldmanId, { 'B.1.1': 4 }));
    expect(first.body).toMatchObject({ code: 0, result: { status: 0, totalScore: null } });
    const assessmentId = Number((first.body.result as Rec).assessmentId);
    // an incomplete final submit names the first item left
    const early = await call(
      h.app,
      admin,
      'POST',
      P.finalSubmit2023,
      body(oldmanId, { 'B.1.1': 4 }, { assessmentId }),
    );
    expect(early.body).toMatchObject({ code: Code.invalidInput, msg: '请完成评估项“修饰”' });
    // an answer outside an item's options is refused, naming the item; nothing changes
    const wrong = await call(
      h.app,
      admin,
      'POST',
      P.submit2023,
      body(oldmanId, { 'B.2.4': 4 }, { assessmentId }),
    );
    expect(wrong.body).toMatchObject({
      code: Code.invalidInput,
      msg: '“上下楼梯”的答案不在可选项中，请在3、2、1、0中选择',
    });
    expect(((await call(h.app, admin, 'GET', one(assessmentId))).body.result as Rec).answers).toEqual({
      'B.1.1': 4,
    });
    // PUT edits a draft's facts
    const edit = await call(h.app, admin, 'PUT', one(assessmentId), {
      causeId,
      assessDate: '2026-03-03',
      remark: '家属陪同',
    });
    expect(edit.body.code).toBe(0);

    const answers = answersOf(scale2023, { 'B.2.4': 0, 'B.2.3': 2, 'B.1.3': 1, 'C.4': 1 }); // 82 → 轻度, +1 → 中度
    const done = await call(
      h.app,
      admin,
      'POST',
      P.finalSubmit2023,
      body(oldmanId, answers, { assessmentId }),
    );
    expect(done.body).toMatchObject({
      code: 0,
      result: {
        status: 1,
        totalScore: 82,
        gradeName: '能力中度受损（中度失能）',
        suggestLevelName: '全护理',
      },
    });
    const stored = (await call(h.app, admin, 'GET', one(assessmentId))).body.result as Rec;
    expect(stored).toMatchObject({
      status: 1,
      assessDate: '2026-03-02',
      gradeName: '能力中度受损（中度失能）',
    });
    // the 评估意见 written by 修改 outlives the submit, which does not send it
    expect(stored.remark).toBe('家属陪同');
    expect((stored.result as Rec).reasons).toHaveLength(1);
    expect(await awaiting()).not.toContain(oldmanId);
    expect((await enable()).body.result).toMatchObject({
      enable: false,
      reason: expect.stringContaining('已于2026-03-02完成入住评估'),
    });

    // read-only once submitted: a second submit, a save, an edit, a delete are refused
    const again = await call(
      h.app,
      admin,
      'POST',
      P.finalSubmit2023,
      body(oldmanId, answers, { assessmentId }),
    );
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已提交，不能提交评估' });
    const save = await call(h.app, admin, 'POST', P.submit2023, body(oldmanId, answers, { assessmentId }));
    expect(save.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已提交，不能暂存' });
    expect(
      (await call(h.app, admin, 'PUT', one(assessmentId), { causeId, assessDate: '2026-03-05' })).body.code,
    ).toBe(Code.actionRefused);
    expect((await call(h.app, admin, 'DELETE', one(assessmentId))).body.code).toBe(Code.actionRefused);

    const print = await h.app.inject({
      method: 'GET',
      url: assessmentPath(P.export, { assessmentId }),
      headers: { authorization: admin },
    });
    expect(print.headers['content-type']).toContain('text/html');
    expect(print.body).toContain('能力中度受损（中度失能）');
    expect(print.body).toContain('近30天内发生过2次及以上照护风险事件');
    expect(print.body).toContain('<h3>评估意见</h3><div class="opinion">家属陪同</div>');
    for (const sign of ['评估员（签字）：', '长者/家属（签字）：', '日期：'])
      expect(print.body).toContain(sign);

    expect((await call(h.app, admin, 'PUT', P.unbind, { assessmentId })).body.code).toBe(0);
    expect((await call(h.app, admin, 'PUT', P.unbind, { assessmentId })).body).toMatchObject({
      code: Code.actionRefused,
      msg: '当前状态为已解绑，不能解绑',
    });
    expect((await enable()).body.result).toMatchObject({ enable: true });
    expect((await call(h.app, admin, 'DELETE', one(assessmentId))).body.code).toBe(0);
    expect((await call(h.app, admin, 'GET', one(assessmentId))).body.code).toBe(Code.notFound);
  });

  it('each kind saves and submits at its own path; the token paths and easy too', async () => {
    const [elder] = await elders('oldmanStatus=1');
    const oldmanId = Number(elder?.oldmanId);
    const easy = await call(h.app, admin, 'POST', P.easy, body(oldmanId, answersOf(scaleEasy)));
    const easyId = Number((easy.body.result as Rec).assessmentId);
    const easyDone = await call(
      h.app,
      admin,
      'POST',
      assessmentPath(P.finalByToken, { token: 'easy' }),
      body(oldmanId, answersOf(scaleEasy, { 'B.1.2': 0 }), { assessmentId: easyId }),
    );
    expect(easyDone.body.result).toMatchObject({ totalScore: 95, gradeName: '半失能' });
    const s2013 = await call(h.app, admin, 'POST', P.submit, body(oldmanId, { 'B.1.1': 10 }));
    expect(s2013.body.code).toBe(0);
    const f2013 = await call(h.app, admin, 'POST', P.finalSubmit, body(oldmanId, answersOf(scale2013)));
    expect(f2013.body.result).toMatchObject({ gradeName: '能力完好', suggestLevelName: '自理' });
    const plus = await call(h.app, admin, 'POST', P.submit2023plus, body(oldmanId, { 'A.5.1': 1 }));
    const plusId = Number((plus.body.result as Rec).assessmentId);
    const byToken = await call(
      h.app,
      admin,
      'POST',
      assessmentPath(P.byToken, { token: 'normal-2023-plus' }),
      body(oldmanId, { 'A.5.1': 2 }, { assessmentId: plusId }),
    );
    expect(byToken.body.code).toBe(0);
    const plusDone = await call(
      h.app,
      admin,
      'POST',
      assessmentPath(P.finalByToken, { token: 'normal-2023-plus' }),
      body(oldmanId, answersOf(scale2023plus, { 'A.5.11': 1 }), { assessmentId: plusId }),
    );
    expect(plusDone.body.result).toMatchObject({ totalScore: 90, gradeName: '能力完全丧失（完全失能）' });
    // a draft of one kind is not resumed as another
    const mixed = await call(h.app, admin, 'POST', P.submit, body(oldmanId, {}, { assessmentId: plusId }));
    expect(mixed.body).toMatchObject({ code: Code.invalidInput, msg: '该评估不是老年人能力评估（2013版）' });
  });
});

describe('assessment authority and scope', () => {
  it('needs the codes, the assessor list, the data department and the organisation', async () => {
    const [own] = await elders('oldmanStatus=1&deptName=护理一部');
    const all = await elders('oldmanStatus=1');
    const mine = all.find((e) => e.deptName === '护理一部') ?? own;
    const elsewhere = all.find((e) => e.deptName !== '护理一部');
    if (!mine || !elsewhere) throw new Error('no elders');
    expect((await call(h.app, null, 'GET', P.list)).body.code).toBe(4011);
    const none = await grantNurse(h.app, 'careplan:assessment', [AssessmentAuthority.record]);
    expect((await call(h.app, none, 'POST', P.submit2023, body(Number(mine.oldmanId), {}))).body.code).toBe(
      Code.noAuthority,
    );
    const nurse = await grantNurse(h.app, 'careplan:assessment', [
      AssessmentAuthority.record,
      AssessmentAuthority.add,
    ]);
    const notAssessor = await call(h.app, nurse, 'POST', P.submit2023, body(Number(mine.oldmanId), {}));
    expect(notAssessor.body).toMatchObject({
      code: Code.actionRefused,
      msg: '您不在评估员名单中，请先在“评估权限”中添加',
    });
    // an administrator puts her on the list: she may now resume the administrator's draft
    const users = (await call(h.app, admin, 'GET', '/passport/web-rbac/users?pageHelper=0')).body.result as
      | Page
      | Rec[];
    const nurseUser = (Array.isArray(users) ? users : users.list).find(
      (u) => u.loginName === DemoAccounts.restricted.loginName,
    );
    const nurseId = Number(nurseUser?.userId);
    expect(
      (await call(h.app, admin, 'POST', '/pims/web-pi/user/assess', { userId: nurseId })).body.code,
    ).toBe(0);
    const draft = await call(h.app, admin, 'POST', P.submit2023, body(Number(mine.oldmanId), { 'B.1.1': 3 }));
    const draftId = Number((draft.body.result as Rec).assessmentId);
    const resumed = await call(
      h.app,
      nurse,
      'POST',
      P.submit2023,
      body(Number(mine.oldmanId), { 'B.1.1': 2 }, { assessmentId: draftId }),
    );
    expect(resumed.body.code).toBe(0);
    // another department's elder and record
    expect(
      (await call(h.app, nurse, 'POST', P.submit2023, body(Number(elsewhere.oldmanId), {}))).body.code,
    ).toBe(Code.deptNotAllowed);
    const theirs = await call(h.app, admin, 'POST', P.submit2023, body(Number(elsewhere.oldmanId), {}));
    const theirsId = Number((theirs.body.result as Rec).assessmentId);
    expect((await call(h.app, nurse, 'GET', one(theirsId))).body.code).toBe(Code.deptNotAllowed);
    expect(
      (
        await call(
          h.app,
          nurse,
          'POST',
          P.submit2023,
          body(Number(elsewhere.oldmanId), {}, { assessmentId: theirsId }),
        )
      ).body.code,
    ).toBe(Code.deptNotAllowed);
    // without the unbind, delete and print codes
    expect((await call(h.app, nurse, 'PUT', P.unbind, { assessmentId: draftId })).body.code).toBe(
      Code.noAuthority,
    );
    expect((await call(h.app, nurse, 'DELETE', one(draftId))).body.code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, nurse, 'GET', assessmentPath(P.export, { assessmentId: draftId }))).body.code,
    ).toBe(Code.noAuthority);
    // another organisation sees nothing
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', one(draftId))).body.code).toBe(Code.notFound);
    expect((await call(h.app, other, 'PUT', P.unbind, { assessmentId: draftId })).body.code).toBe(
      Code.notFound,
    );
    // a draft cannot be printed
    expect(
      (await call(h.app, admin, 'GET', assessmentPath(P.export, { assessmentId: draftId }))).body,
    ).toMatchObject({
      code: Code.actionRefused,
      msg: '暂存的评估不能导出，请先提交',
    });
  });
});
