import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { idCardFacts } from '../../../domain/idCard.js';
import { HOME_CARER_JOB_TYPES } from '../../../domain/statuses/homecare.js';
import type { Db } from '../../../server/db/index.js';
import { idCardNumber } from '../../../server/db/seedRealtime.js';

const AREAS = [
  ['西湖街道', '330106'],
  ['滨江长河', '330108'],
  ['拱墅米市巷', '330105'],
] as const;

/** [type, [project, price fen, unit, minutes]…] */
const PROJECTS: [string, [string, number, string, number][]][] = [
  [
    '生活照料',
    [
      ['助浴服务', 8000, '次', 60],
      ['上门助餐', 1500, '次', 30],
      ['居家保洁', 5000, '小时', 60],
    ],
  ],
  [
    '医疗护理',
    [
      ['上门测血压血糖', 3000, '次', 30],
      ['康复理疗', 12000, '次', 60],
    ],
  ],
  ['精神慰藉', [['陪同聊天', 4000, '小时', 60]]],
];

const ELDERS = [
  ['沈阿婆', '1942-03-11', false, '13805710001', 0, '文三路 12 号 3 单元 201'],
  ['钱老伯', '1940-07-02', true, '13805710002', 0, '教工路 88 号 1 幢 502'],
  ['孙奶奶', '1945-12-24', false, '13805710003', 1, '江南大道 300 号 6 幢 1101'],
  ['周大爷', '1938-05-09', true, '13805710004', 1, '长河路 51 号 2 单元 302'],
  ['吴阿姨', '1950-09-15', false, '13805710005', 2, '米市巷 7 号 402'],
  ['郑爷爷', '1943-01-30', true, '13805710006', 2, '湖墅南路 210 号 1 单元 601'],
] as const;

/** Staff who go to the elders' homes: [name, phone, sex, department index]; they hold the 护理员 post. */
const CARERS = [
  ['张桂芳', '13805720001', 1, 0],
  ['刘志强', '13805720002', 0, 1],
] as const;

/**
 * Home care of the demonstration institution: service areas, project types and projects, six
 * elders at home (three per nursing department) and two carers (派单 lists carers only). Runs once per database: it does nothing when the
 * institution already has a project type.
 */
export async function seedHomecare(db: Db) {
  const org = await db.selectFrom('org').select('orgId').orderBy('orgId').limit(1).executeTakeFirst();
  if (!org) return;
  const { orgId } = org;
  const done = await sql`select 1 from serveProjectType where orgId = ${orgId} limit 1`.execute(db);
  if (done.rows.length) return;
  const depts = await db
    .selectFrom('dept')
    .select(['deptId', 'deptName'])
    .where('orgId', '=', orgId)
    .where('deptName', 'in', ['护理一部', '护理二部'])
    .orderBy('deptName')
    .execute();
  const deptIds = depts.map((d) => d.deptId);
  if (deptIds.length === 0) return;
  const now = nowStamp();
  await db.transaction().execute(async (trx) => {
    const areaIds: number[] = [];
    for (const [areaName, region] of AREAS) {
      const row = await sql<{
        areaId: number;
      }>`insert into homeArea (orgId, areaName, region, createTime, updateTime)
        values (${orgId}, ${areaName}, ${region}, ${now}, ${now}) returning areaId`.execute(trx);
      areaIds.push(Number(row.rows[0]?.areaId));
    }
    for (const [sort, [typeName, projects]] of PROJECTS.entries()) {
      const type = await sql<{
        id: number;
      }>`insert into serveProjectType (orgId, name, sort, createTime, updateTime)
        values (${orgId}, ${typeName}, ${sort + 1}, ${now}, ${now}) returning id`.execute(trx);
      const typeId = Number(type.rows[0]?.id);
      for (const [projectName, price, unit, duration] of projects)
        await sql`insert into serveProject (orgId, projectName, typeId, price, unit, duration, onShelf, createTime,
          updateTime) values (${orgId}, ${projectName}, ${typeId}, ${price}, ${unit}, ${duration}, 1, ${now},
          ${now})`.execute(trx);
    }
    for (const [i, [name, birthday, male, phone, area, address]] of ELDERS.entries()) {
      const idcard = idCardNumber('330106', birthday, 700 + i, male);
      const facts = idCardFacts(idcard);
      const deptId = deptIds[i < 3 ? 0 : deptIds.length - 1] ?? deptIds[0];
      await sql`insert into homeOldman (orgId, deptId, oldmanName, oldmanIdcard, sex, birthday, phone, areaId,
        addressRegion, address, livingAlone, createTime, updateTime) values (${orgId}, ${deptId}, ${name}, ${idcard},
        ${facts?.sex ?? 0}, ${facts?.birthday ?? birthday}, ${phone}, ${areaIds[area] ?? null},
        ${AREAS[area]?.[1] ?? null}, ${address}, ${i % 2}, ${now}, ${now})`.execute(trx);
    }
    const post = await sql<{ jobId: number }>`select jobId from job where orgId = ${orgId}
      and jobTypeCode = ${HOME_CARER_JOB_TYPES[0]} order by jobId limit 1`.execute(trx);
    const jobId = post.rows[0]?.jobId;
    if (jobId !== undefined)
      for (const [name, phone, sex, dept] of CARERS)
        await sql`insert into emp (orgId, deptId, empName, empType, phoneNum, sex, status, msgAuth, language, jobIds)
          values (${orgId}, ${deptIds[dept] ?? deptIds[0]}, ${name}, 'STAFF', ${phone}, ${sex}, 0, 1, 'zh-CN',
          ${String(jobId)})`.execute(trx);
  });
}
