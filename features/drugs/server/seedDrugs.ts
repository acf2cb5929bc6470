import { sql } from 'kysely';
import { localDateTime, localDay, nowStamp } from '../../../domain/clock.js';
import { KeepState } from '../../../domain/statuses/drugs.js';
import type { Db } from '../../../server/db/index.js';
import { KeepType, TakeType } from '../api.js';
import { ensureKeepGuards, giveDose, takeOut, type Who, writeMovement } from './custody.js';

const DRUGS: [string, string, string, string, string][] = [
  // name, spec, unit, usage, maker
  ['阿司匹林肠溶片', '100mg×30片', '片', '口服', '拜耳医药保健有限公司'],
  ['硝苯地平缓释片', '20mg×30片', '片', '口服', '上海现代制药股份有限公司'],
  ['二甲双胍片', '0.5g×48片', '片', '口服', '中美上海施贵宝制药有限公司'],
  ['阿托伐他汀钙片', '20mg×7片', '片', '口服', '辉瑞制药有限公司'],
  ['苯磺酸氨氯地平片', '5mg×28片', '片', '口服', '辉瑞制药有限公司'],
  ['奥美拉唑肠溶胶囊', '20mg×14粒', '粒', '口服', '阿斯利康制药有限公司'],
  ['复方丹参滴丸', '27mg×180丸', '丸', '口服', '天士力医药集团股份有限公司'],
  ['硝酸甘油片', '0.5mg×100片', '片', '含服', '北京益民药业有限公司'],
];

/** [elder index, drug index, received, days ago, dose, times a day, doses given] */
const KEEPS: [number, number, number, number, number, number, number][] = [
  [0, 0, 30, 6, 1, 1, 6],
  [0, 1, 30, 6, 1, 2, 12],
  [1, 2, 48, 5, 1, 3, 15],
  [1, 3, 14, 5, 1, 1, 5],
  [2, 4, 28, 4, 1, 1, 4],
  [2, 6, 180, 4, 10, 3, 12],
  [3, 5, 14, 3, 1, 1, 3],
  [3, 7, 20, 9, 1, 1, 0],
  [4, 0, 30, 2, 1, 1, 2],
  [5, 2, 48, 2, 2, 2, 8],
];

const FAMILY = ['王建国', '李淑芬', '张伟', '刘红梅', '陈志强', '赵丽娟'];

/**
 * Issue #16 demo (drugs per elder): the database's guard on the custody rests, the drug dictionary,
 * and for a few residents of each institution the drugs their families handed over in the last days,
 * the doses given since, their schedules and one take-out given back to the family.
 */
export async function seedDrugs(db: Db) {
  await ensureKeepGuards(db);
  const orgs = await sql<{ orgId: number }>`select distinct orgId from oldman order by orgId`.execute(db);
  for (const { orgId } of orgs.rows) {
    const have = await sql<{ n: number }>`select count(*) as n from drugDict where orgId = ${orgId}`.execute(
      db,
    );
    if (Number(have.rows[0]?.n ?? 0) > 0) continue;
    const elders = await sql<{ oldmanId: number; deptId: number }>`select oldmanId, deptId from oldman
      where orgId = ${orgId} and oldmanStatus in (1, 4) order by oldmanId limit 6`.execute(db);
    const depts = await sql<{ deptId: number }>`select deptId from dept where orgId = ${orgId}`.execute(db);
    const nurse: Who = {
      orgId,
      empId: null,
      loginName: '周海燕',
      dataDeptIds: depts.rows.map((d) => d.deptId),
      selectedDeptId: null,
    };
    const now = Date.now();
    const at = (daysAgo: number, hour: number) =>
      `${localDay(now - daysAgo * 86_400_000)} ${String(hour).padStart(2, '0')}:00:00`;
    await db.transaction().execute(async (trx) => {
      const stamp = nowStamp();
      const drugIds: number[] = [];
      for (const [drugName, drugSpec, unit, usageWay, manufacturer] of DRUGS) {
        const { rows } = await sql<{
          id: number;
        }>`insert into drugDict (orgId, drugName, drugSpec, unit, usageWay,
            manufacturer, remark, createTime, updateTime)
          values (${orgId}, ${drugName}, ${drugSpec}, ${unit}, ${usageWay}, ${manufacturer}, '', ${stamp}, ${stamp})
          returning drugId as id`.execute(trx);
        drugIds.push(Number(rows[0]?.id));
      }
      for (const [e, d, received, daysAgo, dose, times, given] of KEEPS) {
        const elder = elders.rows[e];
        const drugId = drugIds[d];
        const drug = DRUGS[d];
        if (!elder || !drugId || !drug) continue;
        const receiveTime = at(daysAgo, 7);
        const expiry = localDay(now + (300 + d * 40) * 86_400_000);
        const { rows } = await sql<{
          id: number;
        }>`insert into drugKeep (orgId, deptId, oldmanId, drugId, quantity,
            restQuantity, unit, batchNo, expiryDate, handedBy, handedPhone, receiveTime, receiverName, keepState,
            remark, createTime, updateTime)
          values (${orgId}, ${elder.deptId}, ${elder.oldmanId}, ${drugId}, ${received}, ${received}, ${drug[2]},
            ${`B${localDay(now - 200 * 86_400_000).replaceAll('-', '')}${d}`}, ${expiry}, ${FAMILY[e] ?? '家属'},
            '', ${receiveTime}, ${nurse.loginName}, ${KeepState.kept}, '', ${receiveTime}, ${receiveTime})
          returning keepId as id`.execute(trx);
        const keepId = Number(rows[0]?.id);
        const keep = {
          keepId,
          orgId,
          deptId: elder.deptId,
          oldmanId: elder.oldmanId,
          drugId,
          unit: drug[2],
        };
        await writeMovement(trx, {
          keep: keep as never,
          keepType: KeepType.receive,
          quantity: received,
          balanceAfter: received,
          docId: keepId,
          moveTime: receiveTime,
          operatorName: nurse.loginName,
        });
        const hours = [8, 12, 18].slice(0, times);
        await sql`insert into drugSet (orgId, deptId, oldmanId, drugId, dose, timesPerDay, useTimes, startDate,
            endDate, setStatus, remark, createTime, updateTime)
          values (${orgId}, ${elder.deptId}, ${elder.oldmanId}, ${drugId}, ${dose}, ${times},
            ${hours.map((h) => `${String(h).padStart(2, '0')}:00`).join(',')}, ${localDay(now - daysAgo * 86_400_000)},
            null, 1, '遵医嘱', ${receiveTime}, ${receiveTime})`.execute(trx);
        for (let i = 0; i < given; i++) {
          const day = daysAgo - Math.floor(i / times);
          const hour = hours[i % times] ?? 8;
          const useTime = at(Math.max(day, 0), hour);
          if (useTime > localDateTime(now)) break;
          await giveDose(trx, nurse, { keepId, quantity: dose, useTime, remark: '' });
        }
        // the nitroglycerin was only for a hospital visit: the family took it back home
        if (d === 7) {
          await takeOut(trx, nurse, {
            keepId,
            takeType: TakeType.giveBack,
            quantity: received,
            receiverName: FAMILY[e] ?? '家属',
            remark: '家属带回',
          });
        }
      }
    });
  }
}
