import { sql } from 'kysely';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { AdverseStatus, ComplaintStatus, HandoverStatus } from '../../../domain/statuses/quality.js';
import type { Db } from '../../../server/db/index.js';
import { DemoAccounts } from '../../../server/db/seed.js';

const HOUR = 3_600_000;
const at = (hoursAgo: number) => `${localDateTime(Date.now() - hoursAgo * HOUR).slice(0, 16)}:00`;
const day = (daysAgo: number) => localDay(Date.now() - daysAgo * 24 * HOUR);
type Value = string | number | null;

async function insert(db: Db, table: string, row: Record<string, Value>, id: string): Promise<number> {
  const keys = Object.keys(row);
  const done = await sql<
    Record<string, number>
  >`insert into ${sql.id(table)} (${sql.join(keys.map((k) => sql.id(k)))})
    values (${sql.join(keys.map((k) => row[k] as Value))}) returning ${sql.id(id)}`.execute(db);
  return Number(done.rows[0]?.[id]);
}

/**
 * Demo 护理质量 records of the first institution, once: a confirmed night handover and today's
 * pending one (the administrator takes it over), three adverse events at three stages, three
 * complaints and two trainings with their attendees.
 */
export async function seedQuality(db: Db) {
  const admin = await db
    .selectFrom('users')
    .select(['orgId', 'empId'])
    .where('loginName', '=', DemoAccounts.admin.loginName)
    .executeTakeFirst();
  if (!admin) return;
  const { orgId } = admin;
  const seeded = await sql`select 1 from qualityAdverseEvent where orgId = ${orgId} limit 1`.execute(db);
  if (seeded.rows.length) return;
  const elders = await sql<{
    oldmanId: number;
    deptId: number;
    oldmanName: string;
  }>`select oldmanId, deptId, oldmanName
    from oldman where orgId = ${orgId} and bedId is not null order by deptId, oldmanId limit 6`.execute(db);
  const staff = await sql<{ empId: number; empName: string }>`select empId, empName from emp
    where orgId = ${orgId} and status = 0 and empId != ${admin.empId} order by empId limit 3`.execute(db);
  const [e1, e2, e3, e4, e5] = elders.rows;
  const [s1, s2, s3] = staff.rows;
  if (!e1 || !e2 || !e3 || !e4 || !e5 || !s1 || !s2 || !s3) return;
  const deptId = e1.deptId;
  const stamp = at(0);
  const base = { orgId, createTime: stamp, updateTime: stamp };
  await db.transaction().execute(async (trx) => {
    const night = await insert(
      trx,
      'qualityHandover',
      {
        ...base,
        deptId,
        handoverDate: day(0),
        fromShift: 3,
        toShift: 1,
        handedBy: s1.empId,
        receivedBy: s2.empId,
        elderTotal: 42,
        generalNote: '夜间病区安静，22:00、2:00、5:00三次巡视无异常；3楼走廊感应灯已报修。',
        handoverStatus: HandoverStatus.confirmed,
        confirmTime: `${day(0)} 07:35:00`,
      },
      'handoverId',
    );
    const today = await insert(
      trx,
      'qualityHandover',
      {
        ...base,
        deptId,
        handoverDate: day(0),
        fromShift: 1,
        toShift: 2,
        handedBy: s2.empId,
        receivedBy: admin.empId,
        elderTotal: 42,
        generalNote: '上午康复活动正常进行；下午家属探视较多，注意门禁登记。',
        handoverStatus: HandoverStatus.pending,
      },
      'handoverId',
    );
    const sameDept = elders.rows.filter((e) => e.deptId === deptId);
    const notes: [string, string, string][] = [
      ['夜间咳嗽2次，体温36.8℃，精神可', '睡前服用止咳糖浆10ml', '注意夜间咳嗽及痰液情况'],
      ['血压148/92mmHg，晨起头晕已缓解', '氨氯地平5mg 每日一次，已服', '下午复测血压，如头晕加重通知医生'],
      ['右足跟皮肤发红约2×2cm', '无', '每2小时翻身一次，足跟减压'],
    ];
    for (const [handoverId, list] of [
      [night, notes.slice(0, 2)],
      [today, notes.slice(1)],
    ] as const)
      for (const [k, [condition, medication, watchPoints]] of list.entries()) {
        const elder = sameDept[k];
        if (!elder) continue;
        await insert(
          trx,
          'qualityHandoverItem',
          { ...base, deptId, handoverId, oldmanId: elder.oldmanId, condition, medication, watchPoints },
          'itemId',
        );
      }
    const events: [typeof e1, number, number, number, string, string, string, number][] = [
      [
        e1,
        1,
        2,
        72,
        '卫生间',
        '长者夜间如厕时滑倒，左膝着地，局部擦伤约3cm。',
        '立即扶起检查，碘伏消毒包扎，通知值班医生与家属。',
        AdverseStatus.closed,
      ],
      [
        e2,
        2,
        3,
        150,
        '305房间床上',
        '护理员翻身时发现骶尾部2期压力性损伤，面积约3×4cm。',
        '减压敷料保护，调整翻身间隔为2小时，上报护士长。',
        AdverseStatus.rectifying,
      ],
      [
        e3,
        4,
        1,
        20,
        '餐厅',
        '午餐进食米饭时呛咳，面色发红，约10秒后缓解。',
        '立即停止进食，拍背协助咳出，观察30分钟无异常。',
        AdverseStatus.reported,
      ],
    ];
    for (const [elder, eventType, severity, hoursAgo, place, description, measures, status] of events) {
      const typeName = ['', '跌倒', '压力性损伤', '', '噎食/误吸'][eventType] ?? '';
      const closed = status === AdverseStatus.closed;
      const eventId = await insert(
        trx,
        'qualityAdverseEvent',
        {
          ...base,
          deptId: elder.deptId,
          eventType,
          oldmanId: elder.oldmanId,
          eventTime: at(hoursAgo),
          place,
          severity,
          description,
          measures,
          familyNotified: 1,
          eventTitle: `${typeName}·${elder.oldmanName}`,
          reporterName: s1.empName,
          reportTime: at(hoursAgo - 1),
          eventStatus: status,
          causeAnalysis:
            status >= AdverseStatus.rectifying
              ? eventType === 1
                ? '夜间卫生间地面有水渍，长者未按呼叫铃自行如厕。'
                : '长者长期卧床、营养不良，夜班翻身记录不全。'
              : null,
          rectifyMeasures:
            status >= AdverseStatus.rectifying
              ? '卫生间加铺防滑垫；夜班增加一次巡视；床头张贴防跌倒标识。'
              : null,
          conclusion: closed ? '一般不良事件，无责任事故；整改措施已落实，复查无再发。' : null,
          closedBy: closed ? s3.empName : null,
          closeTime: closed ? at(24) : null,
        },
        'eventId',
      );
      if (status === AdverseStatus.reported) continue;
      const follows: [number, number, string][] = [
        [1, hoursAgo - 4, '护士长现场查看，询问当班护理员与长者，拍照留存。'],
        [2, hoursAgo - 20, '整改措施已落实，组织本部门护理员学习。'],
      ];
      for (const [followType, h, content] of follows)
        await insert(
          trx,
          'qualityAdverseFollow',
          {
            ...base,
            deptId: elder.deptId,
            eventId,
            followType,
            followTime: at(h),
            content,
            followBy: s3.empName,
          },
          'followId',
        );
    }
    const complaints: [
      number,
      string,
      string | null,
      typeof e1 | null,
      number,
      number,
      string,
      number,
      string,
      string,
    ][] = [
      [
        1,
        '李建国',
        '13812345678',
        e4,
        3,
        100,
        '家属反映本周晚餐菜品偏咸，长者血压偏高不宜。',
        ComplaintStatus.closed,
        '与厨房沟通调整低盐菜单，营养师审核本周食谱。',
        '已调整为低盐饮食，并向家属电话说明。',
      ],
      [
        1,
        '王丽',
        '13987654321',
        e5,
        1,
        30,
        '家属反映长者衣物送洗后两次未按时送回。',
        ComplaintStatus.replied,
        '查明洗衣房登记遗漏，已找回衣物并补登记。',
        '衣物已送回，今后送洗当日登记、次日送回。',
      ],
      [
        2,
        '赵桂兰',
        null,
        null,
        4,
        4,
        '长者反映活动室空调噪音大，午休受影响。',
        ComplaintStatus.received,
        '',
        '',
      ],
    ];
    for (const [
      complainantType,
      name,
      phone,
      elder,
      complaintType,
      hoursAgo,
      content,
      status,
      handling,
      reply,
    ] of complaints)
      await insert(
        trx,
        'qualityComplaint',
        {
          ...base,
          complainantType,
          complainantName: name,
          contactPhone: phone,
          oldmanId: elder?.oldmanId ?? null,
          complaintType,
          receiveTime: at(hoursAgo),
          handlerId: s2.empId,
          content,
          receiverName: s1.empName,
          complaintStatus: status,
          handling: status >= ComplaintStatus.replied ? handling : null,
          reply: status >= ComplaintStatus.replied ? reply : null,
          replyTime: status >= ComplaintStatus.replied ? at(hoursAgo - 24) : null,
          satisfaction: status === ComplaintStatus.closed ? 1 : null,
          feedback: status === ComplaintStatus.closed ? '家属表示满意。' : null,
          closeTime: status === ComplaintStatus.closed ? at(hoursAgo - 48) : null,
        },
        'complaintId',
      );
    const trainings: [string, number, number, string, number, string, string][] = [
      [
        '老年人跌倒预防与处置',
        2,
        10,
        '护理部 张护士长',
        2,
        '二楼会议室',
        '跌倒风险评估、预防措施、跌倒后的现场处置与上报流程。',
      ],
      ['冬季消防安全培训', 3, 3, '消防中队 刘教官', 1, '一楼大厅', '灭火器使用、疏散路线、夜间火情报告。'],
    ];
    for (const [
      k,
      [trainingTitle, trainingType, daysAgo, trainer, hours, place, content],
    ] of trainings.entries()) {
      const trainingId = await insert(
        trx,
        'qualityTraining',
        { ...base, trainingTitle, trainingType, trainingDate: day(daysAgo), trainer, hours, place, content },
        'trainingId',
      );
      for (const [j, s] of [s1, s2, s3].entries()) {
        const absent = k === 0 && j === 2;
        const score = absent ? null : 95 - j * 12 - k * 5;
        await insert(
          trx,
          'qualityTrainingAttendee',
          {
            ...base,
            trainingId,
            empId: s.empId,
            attendStatus: absent ? 3 : 1,
            score,
            result: score === null ? null : score >= 60 ? 1 : 2,
          },
          'attendeeId',
        );
      }
    }
  });
}
