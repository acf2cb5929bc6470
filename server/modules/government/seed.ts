import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { RecordStatus } from '../../../domain/api/government.js';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { checklistItemOf } from '../../../domain/resources/inspectChecklist.js';
import type { Db } from '../../db/index.js';

const DAY_MS = 86_400_000;

/** A plain PNG of one colour: the demonstration photos of a rectification. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface SeedRecord {
  itemNo: number;
  problem: string;
  status: number;
  /** Days from today. */
  deadline?: number;
  rectifiedDaysAgo?: number;
  person?: string;
  content?: string;
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
        status: RecordStatus.rectified,
        deadline: -16,
        rectifiedDaysAgo: 20,
        person: '赵永强',
        content: '已在二楼东侧卫生间马桶及淋浴区加装不锈钢扶手两处',
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
 * A few inspections of the demonstration institution (the first), on dates relative to today: one
 * problem rectified with a photo, one being rectified, one overdue, two still to be assigned.
 * Skipped once the institution has an inspection.
 */
export async function seedGovernment(db: Db, dataDir: string) {
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
  const folder = join(dataDir, 'files', 'inspections');
  mkdirSync(folder, { recursive: true });
  const fileName = 'seed-rectified-handrail.png';
  writeFileSync(join(folder, fileName), solidPng(160, 120, [88, 140, 190]));
  await sql`insert into storedFile (orgId, fileName, sourceFileName, relPath, mime, fileSizeB, createdAt)
    values (${orgId}, ${fileName}, ${'扶手整改.png'}, ${`inspections/${fileName}`}, ${'image/png'}, ${1}, ${new Date().toISOString()})`.execute(
    db,
  );
  const photo = `/files/inspections/${fileName}`;
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
      const rectified = r.rectifiedDaysAgo !== undefined;
      await sql`insert into inspectRecord (orgId, deptId, inspectId, inspectDate, itemNo, category, itemName,
          problem, issuePhotos, recordStatus, rectifyUserName, rectifyDeadline, rectifyContent, rectifyPhotos,
          rectifyTime, overdue, createTime, updateTime)
        values (${orgId}, ${deptId}, ${inspectId}, ${inspectDate}, ${r.itemNo}, ${item?.category ?? ''},
          ${item?.itemName ?? ''}, ${r.problem}, ${'[]'}, ${r.status}, ${r.person ?? null},
          ${r.deadline === undefined ? null : day(r.deadline)}, ${r.content ?? null},
          ${JSON.stringify(rectified ? [photo] : [])},
          ${rectified ? `${day(-(r.rectifiedDaysAgo ?? 0))} 15:20:00` : null},
          ${r.status === RecordStatus.overdue ? 1 : 0}, ${stamp}, ${stamp})`.execute(db);
    }
  }
}
