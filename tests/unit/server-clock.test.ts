import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDateTime, localDateTimeMs, localDay } from '../../domain/clock.js';
import { isValidIdCard } from '../../domain/idCard.js';
import { idCard } from '../support/idCards.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TZ;
  // what `npm start` runs with: a home in China, eight hours ahead of UTC
  process.env.TZ = 'Asia/Shanghai';
});
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe("the home's wall clock", () => {
  // 1 a.m. on 1 February in Beijing is still 31 January in UTC
  const earlyMorning = Date.UTC(2026, 0, 31, 17, 0, 5);

  it('reads the day and time of the home, not of UTC', () => {
    expect(localDay(earlyMorning)).toBe('2026-02-01');
    expect(localDateTime(earlyMorning)).toBe('2026-02-01 01:00:05');
    expect(new Date(earlyMorning).toISOString().slice(0, 10)).toBe('2026-01-31');
  });

  it('turns a wall-clock time back into the same moment', () => {
    expect(localDateTimeMs('2026-02-01 01:00:05')).toBe(earlyMorning);
    expect(localDateTimeMs(localDateTime(earlyMorning + 86_400_000))).toBe(earlyMorning + 86_400_000);
  });

  it('takes an ID card of a baby born today in the home as valid before 8 a.m.', () => {
    const born = idCard('2026-02-01', 1);
    expect(isValidIdCard(born, new Date(earlyMorning))).toBe(true);
    expect(isValidIdCard(idCard('2026-02-02', 1), new Date(earlyMorning))).toBe(false);
  });
});

describe('seeded records read the same clock as new ones (issue #23: seeded elders 15:20, new ones 23:23)', () => {
  it("writes an elder's, a device's and an alarm rule's time in the home's clock", async () => {
    // seeded now, not copied from the worker's seeded image (which may be minutes old)
    const h = await startTestApp({ databaseFile: ':memory:' });
    try {
      const { token } = await signInAdmin(h.app);
      const before = localDateTime(Date.now() - 60_000);
      const after = localDateTime(Date.now() + 60_000);
      const db = h.app.services.db;
      const elder = await db.selectFrom('oldman').select('createTime').executeTakeFirstOrThrow();
      const device = await db.selectFrom('device').select('createTime').executeTakeFirstOrThrow();
      const notice = await db.selectFrom('notice').select('createTime').executeTakeFirstOrThrow();
      for (const time of [elder.createTime, device.createTime, notice.createTime]) {
        expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        // seeded a moment ago, in the home's time (UTC would be eight hours earlier)
        expect(time >= before && time <= after, `${time} within ${before} … ${after}`).toBe(true);
      }
      // and a record made now reads the same way
      const logs = await call(h.app, token, 'GET', '/passport/web-rbac/systemLogs?pageNum=1&pageSize=1');
      const logged = (logs.body.result as { list: { createTime: string }[] }).list[0]?.createTime ?? '';
      expect(logged >= before && logged <= after, `${logged} within ${before} … ${after}`).toBe(true);
    } finally {
      await h.close();
    }
  });
});
