import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let token = '';
beforeEach(async () => {
  h = await startTestApp();
  token = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const RULES = '/pims/web-pi/device/mattress/alarmRules';
const PNT_RULES = '/loms/web-lo/pnt/alarm/rule';
interface Rule {
  ruleId: number;
  ruleName: string;
  status: number;
  maxValue: number | null;
}
const rules = async (url: string) =>
  ((await call(h.app, token, 'GET', `${url}?pageHelper=0`)).body.result as { list: Rule[] }).list;

describe('mattress alarm rules', () => {
  it('refuses a body-movement rule without a movement limit, with a Chinese message, and stores nothing', async () => {
    const before = await rules(RULES);
    const refused = await call(h.app, token, 'POST', RULES, { ruleName: '体动', alarmType: 2 });
    expect(refused.body).toMatchObject({ code: 10001, msg: '体动规则需设置体动次数上限' });
    expect(await rules(RULES)).toEqual(before);

    const movement = before.find((r) => r.ruleName === '频繁体动');
    if (!movement) throw new Error('no seeded movement rule');
    const edit = await call(h.app, token, 'PUT', RULES, {
      ruleId: movement.ruleId,
      ruleName: '频繁体动',
      alarmType: 2,
      maxValue: null,
    });
    expect(edit.body.msg).toBe('体动规则需设置体动次数上限');
    expect((await rules(RULES)).find((r) => r.ruleId === movement.ruleId)?.maxValue).toBe(30);

    const added = await call(h.app, token, 'POST', RULES, {
      ruleName: '夜间体动',
      alarmType: 2,
      maxValue: 20,
    });
    expect(added.body.code).toBe(0);
  });

  it('adds, switches off, edits and deletes a rule; bad bounds change nothing', async () => {
    const added = await call(h.app, token, 'POST', RULES, {
      ruleName: '心率过快',
      alarmType: 4,
      minValue: null,
      maxValue: 130,
      durationSeconds: 60,
    });
    const { ruleId } = added.body.result as { ruleId: number };
    expect((await rules(RULES)).find((r) => r.ruleId === ruleId)).toMatchObject({ status: 0 });

    await call(h.app, token, 'PUT', `${RULES}/ruleStatus`, { ruleId, status: 1 });
    expect((await rules(RULES)).find((r) => r.ruleId === ruleId)).toMatchObject({ status: 1 });

    const bad = await call(h.app, token, 'PUT', RULES, {
      ruleId,
      ruleName: '心率过快',
      alarmType: 4,
      minValue: 140,
      maxValue: 130,
    });
    expect(bad.body).toMatchObject({ code: 10001, msg: '下限必须小于上限' });
    expect((await rules(RULES)).find((r) => r.ruleId === ruleId)).toMatchObject({ maxValue: 130, status: 1 });

    expect((await call(h.app, token, 'DELETE', `${RULES}/${ruleId}`)).body.code).toBe(0);
    expect((await rules(RULES)).some((r) => r.ruleId === ruleId)).toBe(false);
  });
});

describe('positioning alarm rules and call settings', () => {
  it('a rail rule needs a rail; status 0 switches it off', async () => {
    const refused = await call(h.app, token, 'POST', PNT_RULES, { ruleName: '出门', alarmType: 'railAlarm' });
    expect(refused.body.msg).toBe('围栏报警需选择围栏');
    const added = await call(h.app, token, 'POST', PNT_RULES, {
      ruleName: '出门',
      alarmType: 'railAlarm',
      railId: 1,
      railTrigger: 'exit',
      weekdays: '1,2,3,4,5',
    });
    const { ruleId } = added.body.result as { ruleId: number };
    await call(h.app, token, 'PUT', `${PNT_RULES}/status`, { ruleId, status: 0 });
    expect((await rules(PNT_RULES)).find((r) => r.ruleId === ruleId)).toMatchObject({ status: 0 });
  });

  it('call settings keep their values when a bad one is refused', async () => {
    const good = { answerTimeoutSeconds: 90, remindRepeat: 0, nightStart: '21:30', nightEnd: '06:30' };
    expect((await call(h.app, token, 'PUT', '/tdms/web-org/callSetBase', good)).body.code).toBe(0);
    const bad = await call(h.app, token, 'PUT', '/tdms/web-org/callSetBase', { ...good, nightEnd: '6点' });
    expect(bad.body.msg).toBe('夜间时段结束格式应为 HH:mm');
    expect((await call(h.app, token, 'GET', '/tdms/web-org/callSetBase')).body.result).toEqual(good);
  });
});
