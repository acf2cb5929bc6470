import { type RawBuilder, sql } from 'kysely';
import { nowStamp } from '../../domain/clock.js';
import type { Db } from './index.js';

type Value = string | number | null;

/** Inserts rows (same keys each) into an engine table for an organisation; answers the new ids. */
async function insert(db: Db, table: string, idField: string, orgId: number, rows: Record<string, Value>[]) {
  const ids: number[] = [];
  const now = nowStamp();
  for (const row of rows) {
    const values: Record<string, Value> = { ...row, orgId, createTime: now, updateTime: now };
    const keys = Object.keys(values);
    const { rows: out } = await sql<{
      id: number;
    }>`insert into ${sql.id(table)} (${sql.join(keys.map((k) => sql.id(k)))})
      values (${sql.join(keys.map((k) => values[k] ?? null))}) returning ${sql.id(idField)} as id`.execute(
      db,
    );
    ids.push(Number(out[0]?.id));
  }
  return ids;
}

async function isEmpty(db: Db, table: string, orgId: number) {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.id(table)} where orgId = ${orgId}`.execute(db);
  return Number(rows[0]?.n ?? 0) === 0;
}

const first = async <T>(db: Db, query: RawBuilder<T>) => (await query.execute(db)).rows;

async function seedWarehouse(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'storageSpec', orgId))) return;
  await insert(db, 'storageDepot', 'depotId', orgId, [
    {
      depotName: '中心库房',
      depotCode: 'CK01',
      address: '1号楼负一层',
      keeperName: '王建华',
      keeperPhone: '13816620931',
      status: 1,
    },
    {
      depotName: '护理耗材库',
      depotCode: 'CK02',
      address: '2号楼1层护士站旁',
      keeperName: '李秀兰',
      keeperPhone: '13917735208',
      status: 1,
    },
    {
      depotName: '食堂仓库',
      depotCode: 'CK03',
      address: '餐厅后厨',
      keeperName: '赵德明',
      keeperPhone: '13761150427',
      status: 1,
    },
  ]);
  await insert(db, 'storageSupplier', 'supplierId', orgId, [
    {
      supplierName: '上海康乐医疗器械有限公司',
      creditCode: '91310115MA1H7PX23K',
      contactName: '陈立军',
      contactPhone: '13601852267',
      address: '上海市浦东新区张江路1088号',
      supplyScope: '护理耗材、康复器具',
      bankName: '中国工商银行上海张江支行',
      bankAccount: '1001234509876543210',
      status: 1,
    },
    {
      supplierName: '杭州百合日用品商贸有限公司',
      creditCode: '91330106MA2CF8LQ5R',
      contactName: '周敏',
      contactPhone: '15857112290',
      address: '杭州市西湖区文三路259号',
      supplyScope: '床上用品、清洁用品',
      bankName: '招商银行杭州分行',
      bankAccount: '571908812310601',
      status: 1,
    },
    {
      supplierName: '苏州绿源农副产品配送中心',
      creditCode: '91320505MA1XK3N09T',
      contactName: '吴海涛',
      contactPhone: '0512-68251136',
      address: '苏州市高新区长江路436号',
      supplyScope: '粮油、蔬菜、肉禽',
      status: 1,
    },
  ]);
  await insert(
    db,
    'storageSpec',
    'specId',
    orgId,
    ['个', '盒', '箱', '包', '瓶', '袋', '卷', '件', '双', '台'].map((specName, sort) => ({
      specName,
      sort,
    })),
  );
  // 大类 → 中类 → 小类; 文具 is a level-2 node without children (not selectable in the dropdown).
  const tree: [string, [string, string[]][]][] = [
    [
      '护理用品',
      [
        ['失禁护理', ['成人纸尿裤', '护理垫']],
        ['皮肤护理', ['护臀霜', '湿巾']],
      ],
    ],
    [
      '生活用品',
      [
        ['床上用品', ['床单', '被套', '枕套']],
        ['清洁用品', ['洗衣液', '消毒液']],
      ],
    ],
    ['食品原料', [['粮油', ['大米', '食用油']]]],
    [
      '办公用品',
      [
        ['纸品', ['打印纸']],
        ['文具', []],
      ],
    ],
  ];
  let code = 0;
  const add = async (classifyName: string, parentId: number | null, classifyLevel: number, sort: number) =>
    (
      await insert(db, 'storageClassify', 'classifyId', orgId, [
        { classifyName, classifyCode: `FL${String(++code).padStart(3, '0')}`, parentId, classifyLevel, sort },
      ])
    )[0] ?? 0;
  for (const [i, [top, middles]] of tree.entries()) {
    const topId = await add(top, null, 1, i);
    for (const [j, [middle, leaves]] of middles.entries()) {
      const middleId = await add(middle, topId, 2, j);
      for (const [k, leaf] of leaves.entries()) await add(leaf, middleId, 3, k);
    }
  }
}

async function seedPatrol(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'patrolPoint', orgId))) return;
  const buildings = await db
    .selectFrom('building')
    .select('buildingId')
    .where('orgId', '=', orgId)
    .orderBy('buildingId')
    .execute();
  const b1 = buildings[0]?.buildingId ?? null;
  const b2 = buildings[1]?.buildingId ?? b1;
  const points = await insert(db, 'patrolPoint', 'pointPkId', orgId, [
    {
      pointName: '1号楼1层大厅',
      icCard: 'E2801160600002041',
      buildingId: b1,
      place: '前台东侧',
      checkItems: '门禁、监控、灭火器',
      sort: 1,
    },
    {
      pointName: '1号楼2层消防通道',
      icCard: 'E2801160600002042',
      buildingId: b1,
      place: '东侧楼梯间',
      checkItems: '通道畅通、应急灯',
      sort: 2,
    },
    {
      pointName: '2号楼1层配电室',
      icCard: 'E2801160600002043',
      buildingId: b2,
      place: '北侧',
      checkItems: '电箱温度、异味、门锁',
      sort: 3,
    },
    {
      pointName: '厨房燃气间',
      icCard: 'E2801160600002044',
      buildingId: null,
      place: '餐厅后厨',
      checkItems: '燃气阀门、报警器',
      sort: 4,
    },
    {
      pointName: '院区北门',
      icCard: 'E2801160600002045',
      buildingId: null,
      place: '北门岗亭',
      checkItems: '大门锁闭、外来人员登记',
      sort: 5,
    },
    {
      pointName: '2号楼3层活动室',
      icCard: null,
      buildingId: b2,
      place: '电梯口西侧',
      checkItems: '电器关闭、门窗',
      sort: 6,
    },
  ]);
  const p = (i: number) => points[i] ?? 0;
  const lines = await insert(db, 'patrolLine', 'linePkId', orgId, [
    { lineName: '夜间消防巡查', pointPkIds: [p(0), p(1), p(2), p(3)].join(','), pointCount: 4, minutes: 40 },
    { lineName: '院区安全巡查', pointPkIds: [p(4), p(0), p(5)].join(','), pointCount: 3, minutes: 25 },
  ]);
  const [executor] = await first(
    db,
    sql<{
      empId: number;
    }>`select empId from emp where orgId = ${orgId} and status = 0 order by empId limit 1`,
  );
  if (!executor) return;
  await insert(db, 'patrolPlan', 'planPkId', orgId, [
    {
      planName: '夜间消防巡查计划',
      linePkId: lines[0] ?? 0,
      nursingId: executor.empId,
      planType: 0,
      cycleDays: null,
      startTime: '22:00',
      endTime: '23:00',
      startDate: '2026-01-01',
      endDate: null,
      planStatus: 0,
    },
    {
      planName: '周末院区安全巡查',
      linePkId: lines[1] ?? 0,
      nursingId: executor.empId,
      planType: 1,
      cycleDays: '6,7',
      startTime: '09:00',
      endTime: '10:00',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      planStatus: 0,
    },
  ]);
}

async function seedShifts(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'attendanceShift', orgId))) return;
  const shift = (
    shiftName: string,
    startTime: string,
    endTime: string,
    workPeriod: string,
    workMinutes: number,
    scheduleMode: number,
    status = 0,
  ) => ({
    shiftName,
    startTime,
    endTime,
    workPeriod,
    workMinutes,
    scheduleMode,
    clockInBefore: 30,
    clockOutAfter: 60,
    status,
  });
  await insert(db, 'attendanceShift', 'shiftPkId', orgId, [
    shift('早班', '07:00', '15:00', '07:00-15:00', 480, 1),
    shift('中班', '15:00', '23:00', '15:00-23:00', 480, 1),
    shift('夜班', '23:00', '07:00', '23:00-次日07:00', 480, 1),
    shift('行政班', '08:30', '17:30', '08:30-17:30', 540, 2),
    shift('长白班', '07:30', '19:30', '07:30-19:30', 720, 2, 1),
  ]);
}

async function seedAssessment(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'assessCause', orgId))) return;
  await insert(
    db,
    'assessCause',
    'causeId',
    orgId,
    [
      '接受服务前初评',
      '接受服务后的常规评估',
      '状况发生变化后的即时评估',
      '因评估结果有疑问进行的复评',
      '退出服务前评估',
    ].map((causeName, sort) => ({ causeName, sort })),
  );
  const grade = (
    gradeName: string,
    gradeCode: string,
    assessmentType: number,
    scoreMin: number | null,
    scoreMax: number | null,
    sort: number,
  ) => ({
    gradeName,
    gradeCode,
    assessmentType,
    scoreMin,
    scoreMax,
    sort,
  });
  await insert(db, 'assessFinalGrade', 'gradeId', orgId, [
    grade('自理', '0', 0, null, null, 1),
    grade('半失能', '1', 0, null, null, 2),
    grade('失能', '2', 0, null, null, 3),
    grade('能力完好', '0', 1, null, null, 11),
    grade('轻度失能', '1', 1, null, null, 12),
    grade('中度失能', '2', 1, null, null, 13),
    grade('重度失能', '3', 1, null, null, 14),
    // GB/T 42195-2022 老年人能力评估规范: total score 0–90.
    grade('能力完好', '0', 2, 90, 90, 21),
    grade('能力轻度受损（轻度失能）', '1', 2, 66, 89, 22),
    grade('能力中度受损（中度失能）', '2', 2, 46, 65, 23),
    grade('能力重度受损（重度失能）', '3', 2, 30, 45, 24),
    grade('能力完全丧失（完全失能）', '4', 2, 0, 29, 25),
  ]);
  const [admin] = await first(
    db,
    sql<{
      userId: number;
    }>`select userId from users where orgId = ${orgId} and isAdmin = 1 order by userId limit 1`,
  );
  if (admin)
    await insert(db, 'assessUser', 'assessUserId', orgId, [
      { userId: admin.userId, certificateNo: 'PG2025-0317', remark: '持老年人能力评估师证' },
    ]);
}

async function seedDishCategories(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'piDishCategory', orgId))) return;
  await insert(
    db,
    'piDishCategory',
    'categoryId',
    orgId,
    ['主食', '荤菜', '素菜', '汤羹', '粥品', '点心', '水果', '流食（软食）'].map((name, sort) => ({
      name,
      sort,
      status: 1,
    })),
  );
}

async function seedCarers(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'oldmanNursing', orgId))) return;
  const carers = await first(
    db,
    sql<{ empId: number }>`select empId from emp where orgId = ${orgId} and status = 0 order by empId`,
  );
  if (!carers.length) return;
  const elders = await first(
    db,
    sql<{ oldmanId: number; deptId: number }>`select oldmanId, deptId from oldman where orgId = ${orgId}
      and oldmanStatus in (1, 4) order by oldmanId`,
  );
  await insert(
    db,
    'oldmanNursing',
    'id',
    orgId,
    elders.map((e, i) => ({
      oldmanId: e.oldmanId,
      nursingId: carers[i % carers.length]?.empId ?? 0,
      deptId: e.deptId,
      isMain: 1,
      startDate: '2026-01-01',
    })),
  );
}

/**
 * The base records of the later modules' dropdowns for the demonstration institution (the first
 * organisation): depots, suppliers, specs, the goods classify tree, patrol points, lines and plans,
 * shifts, assessment grades and causes, one assessor, dish categories and elders' carers.
 * Each group is seeded once (when the organisation has none), so an existing database gains them.
 */
export async function seedLookups(db: Db): Promise<void> {
  const org = await db.selectFrom('org').select('orgId').orderBy('orgId').limit(1).executeTakeFirst();
  if (!org) return;
  await db.transaction().execute(async (trx) => {
    await seedWarehouse(trx, org.orgId);
    await seedPatrol(trx, org.orgId);
    await seedShifts(trx, org.orgId);
    await seedAssessment(trx, org.orgId);
    await seedDishCategories(trx, org.orgId);
    await seedCarers(trx, org.orgId);
  });
  for (const { orgId } of await db.selectFrom('org').select('orgId').execute())
    await seedInterviewers(db, orgId);
}

/** 接待人员 of an organisation that has none: its staff (features/live/resources/consult.ts). */
async function seedInterviewers(db: Db, orgId: number) {
  if (!(await isEmpty(db, 'interviewer', orgId))) return;
  const staff = await db
    .selectFrom('emp')
    .select(['empId', 'empName', 'phoneNum'])
    .where('orgId', '=', orgId)
    .where('status', '=', 0)
    .orderBy('empId')
    .execute();
  await insert(
    db,
    'interviewer',
    'id',
    orgId,
    // names are unique in the list: a second staff member of the same name is added by hand
    staff
      .filter((e, i) => staff.findIndex((x) => x.empName === e.empName) === i)
      .map((e) => ({ empId: e.empId, interviewerName: e.empName, phone: e.phoneNum, remark: '' })),
  );
}
