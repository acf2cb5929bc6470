import { sql } from 'kysely';
import { nowStamp, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ageOn, idCardFacts, idCardMessage } from '../../../domain/idCard.js';
import { bodySchema } from '../../../domain/resource.js';
import { familyResource, LiveAuthority, oldmanResource } from '../../../domain/resources/oldman.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import {
  type Ctx,
  insertRow,
  loadRow,
  parseInput,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../../server/resources/engine.js';
import {
  archived,
  archivesBody,
  consultationRow,
  consultationSaved,
  consultProfile,
  forElderBody,
  type IdCardCheck,
  idCardCheck,
  idCardCheckParams,
  ConsultPaths as P,
  sectionBody,
} from '../api/consult.js';
import {
  type ConsultSection,
  ConsultStatus,
  consultationResource,
  consultSections,
  idCardCheckMessage,
  VISIT_PURPOSE_SEE_ELDER,
} from '../resources/consult.js';
import { familyHooks, inElderDept, oldmanHooks } from './oldman.js';

const def = consultationResource;

/** The status a row will have: what it sends, else what it had. */
const statusOf = (row: Row, existing: Row | null) =>
  'consultStatus' in row ? row.consultStatus : existing ? existing.consultStatus : undefined;

export const consultHooks: ResourceHooks = {
  prepare(_ctx, row, existing) {
    // Spec 001 §3: the ID card, when given, fixes birth date, sex and age; without it age is typed in.
    if (typeof row.oldmanIdcard === 'string') {
      const facts = idCardFacts(row.oldmanIdcard);
      if (!facts)
        throw new ApiFailure(Code.invalidInput, idCardMessage(row.oldmanIdcard) ?? '身份证号不正确');
      row.birthday = facts.birthday;
      row.sex = facts.sex;
    }
    if (typeof row.birthday === 'string') row.age = ageOn(row.birthday, today());
    // 已建档 belongs to the archives call alone, and an archived consultation stays archived.
    const was = existing ? Number(existing.consultStatus) : null;
    const next = statusOf(row, existing);
    if (was === ConsultStatus.archived) {
      if ('consultStatus' in row && Number(next) !== ConsultStatus.archived)
        throw new ApiFailure(Code.conflict, '该咨询已转为档案，不能更改跟进状态');
    } else if (Number(next) === ConsultStatus.archived)
      throw new ApiFailure(Code.invalidInput, '“已建档”只能通过转为档案设置');
    else if (!existing || 'consultStatus' in row)
      row.consultStatus = next === undefined || next === null ? ConsultStatus.following : next;
  },
  decorate(_db, rows) {
    const day = today();
    for (const row of rows)
      if (typeof row.birthday === 'string' && row.birthday.length === 10) row.age = ageOn(row.birthday, day);
  },
};

/**
 * The profile a consultation becomes (spec 001 §2 consult/archivesAdd): what the two records share.
 * `saleId` is the staff member behind its 接待人员 (receptionistOf), the archive's 接待人.
 */
export function profileDraft(c: Row, saleId: number | null = null): Row {
  return {
    oldmanId: null,
    oldmanName: c.oldmanName,
    oldmanIdcard: c.oldmanIdcard,
    sex: c.sex,
    birthday: c.birthday,
    phone: c.phone,
    deptId: c.deptId,
    address: c.address,
    nursingLevel: c.nursingLevel,
    selfCareAbility: c.selfCareAbility,
    medicalHistory: c.diseases,
    liveRemark: c.specialNeeds,
    // checkInSource 1: 咨询转入
    checkInSource: 1,
    saleId,
  };
}

/**
 * The staff member who received a consultation (its 接待人员), who stays the elder's 接待人 (issue #37
 * point 2). The archive's 接待人 is a staff reference (saleId → emp), so a receptionist typed in who is
 * not on the staff list has none.
 */
async function receptionistOf(ctx: Ctx, c: Row): Promise<number | null> {
  if (c.interviewerId === null || c.interviewerId === undefined) return null;
  const found = await sql<{ empId: number }>`select e.empId from interviewer i
    join emp e on e.empId = i.empId and e.orgId = i.orgId
    where i.id = ${Number(c.interviewerId)} and i.orgId = ${ctx.user.orgId}`.execute(ctx.db);
  return found.rows[0]?.empId ?? null;
}

/** 其他亲属: the relation of a consulting person who did not say (familyRelation). */
const OTHER_RELATIVE = 8;

/**
 * The person who asked (often a son or daughter) as the new elder's family member and emergency
 * contact, so that 家属信息 starts with them (issue #37 point 2); none when the elder asked alone.
 */
export function consultantFamily(c: Row, oldmanId: number): Row | null {
  const name = typeof c.consultantName === 'string' ? c.consultantName.trim() : '';
  const phone = typeof c.consultantPhone === 'string' ? c.consultantPhone.trim() : '';
  if (!name || !phone || name === String(c.oldmanName ?? '').trim()) return null;
  const relation = c.relation === null || c.relation === undefined ? null : Number(c.relation);
  return {
    oldmanId,
    familyName: name,
    relation: relation ?? OTHER_RELATIVE,
    phone,
    isEmergency: 1,
    isGuardian: relation === 10 ? 1 : 0,
    address: c.consultantAddress ?? null,
    remark: relation === null ? '咨询登记时的咨询人（未填写与长者关系）' : '咨询登记时的咨询人',
  };
}

/** The elder of the organisation with this ID card, if any. */
async function oldmanByIdCard(ctx: Ctx, idcard: string) {
  return ctx.db
    .selectFrom('oldman')
    .select(['oldmanId', 'oldmanName', 'oldmanStatus', 'deptId'])
    .where('orgId', '=', ctx.user.orgId)
    .where('oldmanIdcard', '=', idcard)
    .executeTakeFirst();
}

/** The number is taken by a profile or consultation of a data department the user may not see. */
const TAKEN_ELSEWHERE = '该身份证号已在其他数据部门登记';

/**
 * Whether an ID card is free to register. What lies in the user's data departments is named; what
 * lies in others only makes the number not free, without a name (issue #20).
 */
async function checkIdCard(ctx: Ctx, idcard: string): Promise<IdCardCheck> {
  const mine = (deptId: number) => ctx.user.dataDeptIds.includes(deptId);
  const found = (await oldmanByIdCard(ctx, idcard)) ?? null;
  const open = await sql<IdCardCheck['consultations'][number] & { deptId: number }>`select consultationId,
      oldmanName, consultStatus, consultDate, deptId from consultation where orgId = ${ctx.user.orgId}
      and oldmanIdcard = ${idcard} and consultStatus = ${ConsultStatus.following}
      order by consultationId desc limit 5`.execute(ctx.db);
  let oldman: IdCardCheck['oldman'] = null;
  if (found && mine(found.deptId)) {
    const { deptId: _dept, ...elder } = found;
    oldman = elder;
  }
  const consultations = open.rows.filter((c) => mine(c.deptId)).map(({ deptId: _d, ...c }) => c);
  const hidden = (found !== null && !oldman) || consultations.length < open.rows.length;
  const shown = { oldman, consultations };
  const message = [idCardCheckMessage(shown), hidden ? TAKEN_ELSEWHERE : ''].filter(Boolean).join('；');
  return { ...shown, free: !found && !open.rows.length, message };
}

const sectionTitle = (s: ConsultSection) => consultSections.find((x) => x.key === s)?.title ?? s;

function sectionRoutes(section: ConsultSection): AnyRoute[] {
  const names = def.fields.filter((f) => f.section === section).map((f) => f.name);
  return [
    route({
      method: 'GET',
      url: P.section(section),
      auth: LiveAuthority.consult,
      summary: `咨询记录：${sectionTitle(section)}`,
      params: idParams,
      query: noQuery,
      response: consultationRow,
      async handler(ctx) {
        const row = await loadRow(ctx, def, ctx.params.id, consultHooks);
        const keys = [def.idField, 'oldmanName', 'consultStatus', ...names];
        const named = ['deptName', 'interviewerName', 'linkedOldmanName'];
        return Object.fromEntries([...keys, ...named].filter((k) => k in row).map((k) => [k, row[k]]));
      },
    }),
    route({
      method: 'PUT',
      url: P.section(section),
      auth: LiveAuthority.consultEdit,
      log: { type: 'UPDATE', name: `修改咨询${sectionTitle(section)}` },
      params: idParams,
      body: sectionBody(section),
      response: consultationSaved,
      async handler(ctx) {
        const consultationId = ctx.params.id;
        const existing = await loadRow(ctx, def, consultationId);
        await updateRow(ctx, def, consultHooks, existing, { ...ctx.body, consultationId });
        return { consultationId };
      },
    }),
  ];
}

const forElder = route({
  method: 'POST',
  url: P.forElder,
  auth: LiveAuthority.consultAdd,
  log: { type: 'ADD', name: '新增长者咨询' },
  params: idParams,
  body: forElderBody,
  response: consultationSaved,
  async handler(ctx) {
    const oldman = await loadRow(ctx, oldmanResource, ctx.params.id);
    const body = ctx.body as Row;
    const row: Row = {
      ...body,
      oldmanName: oldman.oldmanName,
      oldmanIdcard: oldman.oldmanIdcard,
      phone: oldman.phone,
      address: oldman.address,
      deptId: oldman.deptId,
      nursingLevel: body.nursingLevel ?? oldman.nursingLevel,
      selfCareAbility: body.selfCareAbility ?? oldman.selfCareAbility,
      linkedOldmanId: oldman.oldmanId,
    };
    const consultationId = await insertRow(ctx, def, consultHooks, row);
    return { consultationId };
  },
});

const profileSchema = bodySchema(oldmanResource, 'create');

/**
 * Turns a consultation into an elder profile (status 3 待入住) in one transaction: the
 * consultation is marked 已建档 first, so any refusal after it (a duplicate ID card, a foreign
 * department, a bad field) rolls both back. The body may override the draft's profile fields.
 */
const toArchive = route({
  method: 'POST',
  url: P.archives,
  auth: LiveAuthority.consultArchive,
  log: { type: 'ADD', name: '咨询转为档案' },
  params: idParams,
  body: archivesBody,
  response: archived,
  async handler(ctx) {
    const consultation = await loadRow(ctx, def, ctx.params.id);
    if (Number(consultation.consultStatus) === ConsultStatus.archived || consultation.linkedOldmanId)
      throw new ApiFailure(Code.conflict, '该咨询已转为档案');
    const merged: Row = {
      ...profileDraft(consultation, await receptionistOf(ctx, consultation)),
      ...ctx.body,
    };
    if (typeof merged.oldmanIdcard !== 'string' || !merged.oldmanIdcard.trim())
      throw new ApiFailure(Code.invalidInput, '请先填写长者身份证号再转为档案');
    const profile = parseInput(profileSchema, merged) as Row;
    await sql`update consultation set consultStatus = ${ConsultStatus.archived}, updateTime = ${nowStamp()}
      where consultationId = ${Number(consultation.consultationId)}`.execute(ctx.db);
    const clash = await oldmanByIdCard(ctx, String(profile.oldmanIdcard));
    if (clash)
      throw new ApiFailure(
        Code.conflict,
        ctx.user.dataDeptIds.includes(clash.deptId)
          ? idCardCheckMessage({ oldman: clash, consultations: [] })
          : TAKEN_ELSEWHERE,
      );
    // oldmanStatus 3: 待入住 (liveStatus)
    const oldmanId = await insertRow(ctx, oldmanResource, oldmanHooks, { ...profile, oldmanStatus: 3 });
    await sql`update consultation set linkedOldmanId = ${oldmanId}
      where consultationId = ${Number(consultation.consultationId)}`.execute(ctx.db);
    const consultant = consultantFamily(consultation, oldmanId);
    if (consultant) await insertRow(ctx, familyResource, familyHooks, consultant);
    ctx.describe(`咨询转为档案：${String(profile.oldmanName)}`);
    return { oldmanId, consultationId: Number(consultation.consultationId) };
  },
});

export const interviewerHooks: ResourceHooks = {
  /** A staff member's name and phone come from the staff record; someone else's are typed. */
  async prepare(ctx, row, existing) {
    const empId = row.empId === undefined ? existing?.empId : row.empId;
    if (empId !== null && empId !== undefined) {
      const emp = await ctx.db
        .selectFrom('emp')
        .select(['empName', 'phoneNum'])
        .where('empId', '=', Number(empId))
        .where('orgId', '=', ctx.user.orgId)
        .executeTakeFirst();
      if (!emp) throw new ApiFailure(Code.invalidInput, '员工不存在');
      row.interviewerName = emp.empName;
      if (!row.phone) row.phone = emp.phoneNum;
    } else if (!(row.interviewerName ?? existing?.interviewerName))
      throw new ApiFailure(Code.invalidInput, '请选择员工或填写姓名');
  },
  async beforeRemove(ctx, row) {
    const used = await sql<{ n: number }>`select count(*) as n from consultation
      where orgId = ${ctx.user.orgId} and interviewerId = ${Number(row.id)}`.execute(ctx.db);
    const n = Number(used.rows[0]?.n ?? 0);
    if (n) throw new ApiFailure(Code.conflict, `${String(row.interviewerName)}已接待${n}条咨询，不能删除`);
  },
};

const TEMPERATURE = /^\d{2}(\.\d)?$/;

/** Visits: the visited elder's department is the visit's; 探望 needs an elder; times in order. */
export const visitHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const merged = { ...(existing ?? {}), ...row };
    if (Number(merged.visitPurpose) === VISIT_PURPOSE_SEE_ELDER && !merged.oldmanId)
      throw new ApiFailure(Code.invalidInput, '请选择探望长者');
    if (merged.visitTime && merged.leaveTime && String(merged.leaveTime) < String(merged.visitTime))
      throw new ApiFailure(Code.invalidInput, '离开时间不能早于来访时间');
    if (typeof row.temperature === 'string') {
      const t = Number(row.temperature);
      if (!TEMPERATURE.test(row.temperature) || t < 35 || t > 42)
        throw new ApiFailure(Code.invalidInput, '体温应为35.0～42.0之间的数字，如36.5');
    }
    await inElderDept(ctx, row, '探望长者不存在');
  },
};

/** Spec 001 §7 "Consultations" and the visits of "Outings and visits". */
export function consultRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.check,
      auth: LiveAuthority.consult,
      summary: '身份证号核查',
      params: idCardCheckParams,
      query: noQuery,
      response: idCardCheck,
      handler: (ctx) => checkIdCard(ctx, ctx.params.idcard),
    }),
    ...(['base', 'consultant', 'extra', 'health'] as const).flatMap(sectionRoutes),
    forElder,
    route({
      method: 'GET',
      url: P.profile,
      auth: LiveAuthority.consult,
      summary: '咨询对应的长者档案',
      params: idParams,
      query: noQuery,
      response: consultProfile,
      async handler(ctx) {
        const consultation = await loadRow(ctx, def, ctx.params.id);
        const consultationId = Number(consultation.consultationId);
        if (!consultation.linkedOldmanId)
          return { ...profileDraft(consultation, await receptionistOf(ctx, consultation)), consultationId };
        const oldman = await loadRow(ctx, oldmanResource, Number(consultation.linkedOldmanId), oldmanHooks);
        return { ...oldman, consultationId };
      },
    }),
    toArchive,
  ];
}
