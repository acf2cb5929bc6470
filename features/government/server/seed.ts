import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { RecordStatus } from '../../../domain/statuses/government.js';
import type { Db } from '../../../server/db/index.js';
import { checklistItemOf } from '../checklist.js';

const DAY_MS = 86_400_000;

interface SeedRecord {
  itemNo: number;
  problem: string;
  status: number;
  /** Days from today. */
  deadline?: number;
  person?: string;
}

const INSPECTIONS: {
  daysAgo: number;
  unit: string;
  inspectors: string;
  remark: string;
  records: SeedRecord[];
}[] = [
  {
    daysAgo: 30,
    unit: '西湖区民政局',
    inspectors: '王建国、李芳',
    remark: '养老机构服务安全专项检查',
    records: [
      {
        itemNo: 38,
        problem: '二楼东侧卫生间未安装扶手',
        status: RecordStatus.rectifying,
        deadline: 2,
        person: '赵永强',
      },
      {
        itemNo: 56,
        problem: '消防通道堆放杂物（一楼北侧）',
        status: RecordStatus.rectifying,
        deadline: 5,
        person: '孙立明',
      },
      {
        itemNo: 25,
        problem: '3 名卧床长者翻身记录缺失',
        status: RecordStatus.overdue,
        deadline: -3,
        person: '陈美华',
      },
    ],
  },
  {
    daysAgo: 4,
    unit: '本院安全自查小组',
    inspectors: '刘秀英',
    remark: '月度安全自查',
    records: [
      { itemNo: 31, problem: '开水间无警示标识', status: RecordStatus.registered },
      { itemNo: 44, problem: '两扇窗户限位装置损坏', status: RecordStatus.registered },
    ],
  },
];

/**
 * A few inspections of the demonstration institution (the first), on dates relative to today: two
 * problems being rectified, one overdue, two still to be assigned (a rectification needs a photo,
 * which a person uploads).
 * Skipped once the institution has an inspection.
 */
export async function seedGovernment(db: Db) {
  const org = await sql<{ orgId: number; deptId: number }>`select o.orgId, min(d.deptId) as deptId from org o
    join dept d on d.orgId = o.orgId group by o.orgId order by o.orgId limit 1`.execute(db);
  const first = org.rows[0];
  if (!first) return;
  const has = await sql`select 1 from inspect where orgId = ${first.orgId} limit 1`.execute(db);
  if (has.rows.length) return;
  const { orgId, deptId } = first;
  const now = Date.now();
  const day = (offset: number) => localDay(now + offset * DAY_MS);
  const stamp = nowStamp();
  for (const i of INSPECTIONS) {
    const inspectDate = day(-i.daysAgo);
    const inserted = await sql<{
      inspectId: number;
    }>`insert into inspect (orgId, deptId, inspectDate, inspectUnit,
        inspectorName, itemCount, issueCount, remark, createTime, updateTime)
      values (${orgId}, ${deptId}, ${inspectDate}, ${i.unit}, ${i.inspectors}, ${60}, ${i.records.length},
        ${i.remark}, ${stamp}, ${stamp}) returning inspectId`.execute(db);
    const inspectId = Number(inserted.rows[0]?.inspectId);
    for (const r of i.records) {
      const item = checklistItemOf(r.itemNo);
      await sql`insert into inspectRecord (orgId, deptId, inspectId, inspectDate, itemNo, category, itemName,
          problem, issuePhotos, recordStatus, rectifyUserName, rectifyDeadline, rectifyPhotos, overdue, createTime,
          updateTime)
        values (${orgId}, ${deptId}, ${inspectId}, ${inspectDate}, ${r.itemNo}, ${item?.category ?? ''},
          ${item?.itemName ?? ''}, ${r.problem}, ${'[]'}, ${r.status}, ${r.person ?? null},
          ${r.deadline === undefined ? null : day(r.deadline)}, ${'[]'}, ${r.status === RecordStatus.overdue ? 1 : 0}, ${stamp}, ${stamp})`.execute(
        db,
      );
    }
  }
}
