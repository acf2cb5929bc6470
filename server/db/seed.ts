import { sql } from 'kysely';
import { nowStamp } from '../../domain/clock.js';
import { configDefaults } from '../../domain/configEntries.js';
import { WEB_LANDING_END } from '../../domain/menus.js';
import { allAuthorityCodes, type MenuSeed } from '../../domain/module.js';
import { presetCodes, ROLE_PRESETS } from '../../domain/rolePresets.js';
import { webMenus } from '../../features/modules.js';
import { hashPassword } from '../auth/password.js';
import { forgetAuthorizations } from '../auth/tokens.js';
import type { Db } from './index.js';

/** The demo accounts printed at start and used by the tests. */
export const DemoAccounts = {
  admin: { loginName: 'admin', password: 'Admin@2026', note: '全部权限、全部数据部门' },
  restricted: {
    loginName: 'huli01',
    password: 'Huli@2026',
    note: '护士：护理任务、体征、评估、用药、告警，仅护理一部',
  },
  otherOrg: { loginName: 'cq_admin', password: 'Admin@2026', note: '另一机构（长青护理院）的管理员' },
  director: { loginName: 'yuanzhang01', password: 'Yuanzhang@2026', note: '院长：全院业务，不含系统设置' },
  frontDesk: { loginName: 'qiantai01', password: 'Qiantai@2026', note: '前台接待：咨询、来访、入住、家属' },
  headNurse: { loginName: 'hushizhang01', password: 'Hushizhang@2026', note: '护士长：护理一部、二部' },
  careWorker: {
    loginName: 'huliyuan01',
    password: 'Huliyuan@2026',
    note: '护理员：护理任务与告警，仅护理一部',
  },
  finance: { loginName: 'caiwu01', password: 'Caiwu@2026', note: '财务：账单、收退款、作废与结算' },
  keeper: { loginName: 'kuguan01', password: 'Kuguan@2026', note: '库管：仓储管理' },
  monitor: { loginName: 'jiankong01', password: 'Jiankong@2026', note: '监控值班员：告警与监测' },
  tester: { loginName: 'ceshi01', password: 'Ceshi@2026', note: '测试员：状态机与测试路径' },
} as const;

type DemoKey = keyof typeof DemoAccounts;

/**
 * The demo staff of 阳光颐养院 besides the administrator, one per preset role (README "演示账号"):
 * the role, the person, her department and post (index into the seeded lists) and data departments.
 */
const DEMO_STAFF: readonly {
  key: DemoKey;
  role: string;
  empName: string;
  phone: string;
  dept: number;
  job: number | null;
  depts: readonly number[];
  sex: number;
}[] = [
  {
    key: 'restricted',
    role: '护士',
    empName: '李秀英',
    phone: '13800000002',
    dept: 1,
    job: 2,
    depts: [1],
    sex: 1,
  },
  {
    key: 'director',
    role: '院长',
    empName: '周慧敏',
    phone: '13800000003',
    dept: 0,
    job: 0,
    depts: [0, 1, 2, 3],
    sex: 1,
  },
  {
    key: 'frontDesk',
    role: '前台接待',
    empName: '孙丽',
    phone: '13800000004',
    dept: 0,
    job: null,
    depts: [0, 1, 2, 3],
    sex: 1,
  },
  {
    key: 'headNurse',
    role: '护士长',
    empName: '赵淑芬',
    phone: '13800000005',
    dept: 1,
    job: 1,
    depts: [1, 2],
    sex: 1,
  },
  {
    key: 'careWorker',
    role: '护理员',
    empName: '钱桂香',
    phone: '13800000006',
    dept: 1,
    job: 2,
    depts: [1],
    sex: 1,
  },
  {
    key: 'finance',
    role: '财务',
    empName: '吴敏',
    phone: '13800000007',
    dept: 0,
    job: null,
    depts: [0, 1, 2, 3],
    sex: 1,
  },
  {
    key: 'keeper',
    role: '库管',
    empName: '郑强',
    phone: '13800000008',
    dept: 0,
    job: null,
    depts: [0],
    sex: 0,
  },
  {
    key: 'monitor',
    role: '监控值班员',
    empName: '冯涛',
    phone: '13800000009',
    dept: 0,
    job: null,
    depts: [0, 1, 2, 3],
    sex: 0,
  },
  {
    key: 'tester',
    role: '测试员',
    empName: '卫东',
    phone: '13800000010',
    dept: 0,
    job: null,
    depts: [0],
    sex: 0,
  },
];

/** Authority codes the restricted nurse role does not get. */
export const RESTRICTED_WITHOUT = [
  'systemSetting:dictionarys:delete',
  'systemSetting:install-package',
  'systemSetting:install-package:add',
  'systemSetting:install-package:delete',
  'systemSetting:serve',
  'systemSetting:serve:save',
  'systemmanage:users',
  'live:archives:delete',
  'live:archives:import',
  // Home care: the office abolishes orders and voids account trades, not the nurses.
  'homecare:serverWorkorder:abolish',
  'homecare:account:void',
  // Billing: undoing money (作废、反结算、撤销结算) is the finance office's.
  'expense:account:obsolete',
  'expense:bill:antiSettle',
  'expense:settle:revoke',
  // Care quality: closing an adverse event or a complaint is the head's, not the reporting nurse's.
  'adverseEvent:close',
  'complaint:close',
  // The billed care level: 采纳建议 of an assessment and 修改护理等级 on the profile are the head nurse's.
  'careplan:assessment:adopt',
  'live:archives:level',
];

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('org').select('orgId').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A real institution's first start (SEED_DEMO=off): its name and its first administrator. */
export interface FirstInstitution {
  orgName: string;
  admin: { loginName: string; password: string };
}

/**
 * Seeds, in one transaction, the landing end, the menus and either one demonstration institution
 * (and a second one for isolation tests) with their demo accounts and buildings, or — for a real
 * home — one institution with its departments, posts, roles, dictionaries and templates and its
 * administrator, who must change the given password at the first sign-in.
 */
export async function seed(
  db: Db,
  menus: readonly MenuSeed[] = webMenus,
  real: FirstInstitution | null = null,
): Promise<void> {
  const [adminHash, ...staffHashes] = await Promise.all([
    hashPassword(real ? real.admin.password : DemoAccounts.admin.password),
    ...(real ? [] : DEMO_STAFF.map((s) => hashPassword(DemoAccounts[s.key].password))),
  ]);
  await db.transaction().execute(async (trx) => {
    // Record times people read are the home's wall clock (domain/clock.ts), like every later record;
    // an account's creation and a version's publication are instants compared as such (ISO).
    const now = nowStamp();
    const instant = new Date().toISOString();
    const { landingEndId } = await trx
      .insertInto('landingEnd')
      .values(WEB_LANDING_END)
      .returning('landingEndId')
      .executeTakeFirstOrThrow();
    await insertMenus(trx, landingEndId, 0, menus);

    const demoOrgs = [
      {
        orgName: '阳光颐养院',
        orgCode: 'YGYY001',
        address: '浙江省杭州市西湖区文三路 100 号',
        phone: '0571-88886666',
      },
      {
        orgName: '长青护理院',
        orgCode: 'CQHL002',
        address: '江苏省苏州市姑苏区人民路 8 号',
        phone: '0512-66668888',
      },
    ];
    const orgs = real ? [{ orgName: real.orgName, orgCode: 'ORG001', address: '', phone: '' }] : demoOrgs;
    for (const [index, o] of orgs.entries()) {
      const { orgId } = await trx
        .insertInto('org')
        .values({ ...o, orgLevel: 3, orgStatus: 0, parentId: 0, source: 'SYSTEM', qualifications: '[]' })
        .returning('orgId')
        .executeTakeFirstOrThrow();
      const deptIds: number[] = [];
      for (const [i, d] of [
        { deptName: '院办', deptType: 'ADMIN', deptKey: 'YB' },
        { deptName: '护理一部', deptType: 'NURSE', deptKey: 'HL1' },
        { deptName: '护理二部', deptType: 'NURSE', deptKey: 'HL2' },
        { deptName: '医务部', deptType: 'MEDICAL', deptKey: 'YW' },
      ].entries()) {
        const row = await trx
          .insertInto('dept')
          .values({
            ...d,
            orgId,
            parentId: 0,
            deptLevel: 1,
            ward: d.deptType === 'NURSE' ? 1 : 0,
            inpatient: i > 0 ? 1 : 0,
            outpatient: 0,
          })
          .returning('deptId')
          .executeTakeFirstOrThrow();
        deptIds.push(row.deptId);
      }
      const jobs = [
        ['院长', 'deptHead', '科室主任'],
        ['护士长', 'nurseHead', '护士长'],
        ['护理员', 'NURSE', '护士'],
        ['医生', 'DOCTOR', '医生'],
      ] as const;
      const jobIds: number[] = [];
      for (const [jobName, jobTypeCode, jobTypeName] of jobs) {
        const row = await trx
          .insertInto('job')
          .values({ orgId, jobName, jobTypeCode, jobTypeName })
          .returning('jobId')
          .executeTakeFirstOrThrow();
        jobIds.push(row.jobId);
      }
      const allCodes = allAuthorityCodes(menus);
      const adminRole = await trx
        .insertInto('role')
        .values({ orgId, name: '系统管理员', remark: '全部权限' })
        .returning('roleId')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('roleAuthority')
        .values(allCodes.map((code) => ({ roleId: adminRole.roleId, code })))
        .execute();
      // The roles a home starts from (domain/rolePresets.ts), each with its job's menus and buttons.
      const presetRoles = await insertRolePresets(trx, orgId, menus);

      // an institution's administrator: every department, the 院长 post, every authority
      const administrator = (
        account: { loginName: string; password: string },
        empName: string,
        phone: string,
        mustChange = 0,
      ) => ({
        account,
        hash: adminHash,
        empName,
        phone,
        job: 0 as number | null,
        dept: 0,
        role: adminRole.roleId,
        depts: deptIds,
        isAdmin: 1,
        sex: 0,
        mustChange,
      });
      const people = real
        ? [administrator(real.admin, '系统管理员', '', 1)]
        : index === 0
          ? [
              administrator(DemoAccounts.admin, '王建国', '13800000001'),
              ...DEMO_STAFF.map((staff, i) => ({
                account: DemoAccounts[staff.key],
                hash: staffHashes[i] ?? adminHash,
                empName: staff.empName,
                phone: staff.phone,
                job: staff.job,
                dept: staff.dept,
                role: presetRoles.get(staff.role) ?? adminRole.roleId,
                depts: staff.depts.map((d) => deptIds[d] ?? 0),
                isAdmin: 0,
                sex: staff.sex,
                mustChange: 0,
              })),
            ]
          : [administrator(DemoAccounts.otherOrg, '陈长青', '13900000001')];
      for (const p of people) {
        const { empId } = await trx
          .insertInto('emp')
          .values({
            orgId,
            deptId: deptIds[p.dept] ?? 0,
            empName: p.empName,
            empType: 'STAFF',
            phoneNum: p.phone,
            sex: p.sex,
            status: 0,
            msgAuth: 1,
            language: 'zh-CN',
            jobIds: p.job === null ? '' : String(jobIds[p.job]),
            nursingLevel: null,
          })
          .returning('empId')
          .executeTakeFirstOrThrow();
        const { userId } = await trx
          .insertInto('users')
          .values({
            orgId,
            empId,
            loginName: p.account.loginName,
            passwordHash: p.hash,
            phoneNum: p.phone,
            isAdmin: p.isAdmin,
            status: 0,
            resetPassword: p.mustChange,
            keyVersion: 1,
            lastLoginTime: null,
            createdAt: instant,
          })
          .returning('userId')
          .executeTakeFirstOrThrow();
        await trx.insertInto('userRole').values({ userId, roleId: p.role }).execute();
        await trx
          .insertInto('userDataDept')
          .values(p.depts.map((deptId) => ({ userId, deptId })))
          .execute();
      }

      for (const [configKey, value] of Object.entries(configDefaults(o.orgName))) {
        await trx
          .insertInto('configEntry')
          .values({ orgId, configKey, value: JSON.stringify(value) })
          .execute();
      }
      await seedDictionaries(trx, orgId);
      await seedTemplates(trx, orgId, now);
      if (!real) await seedBuildings(trx, orgId, deptIds);
      await trx
        .insertInto('notice')
        .values({
          orgId,
          title: '欢迎使用智慧养老平台',
          content: '请在“系统设置”中完善机构显示信息。',
          createTime: now,
        })
        .execute();
    }
    await trx
      .insertInto('versionRecord')
      .values({
        version: 'V1.0.0',
        content: '首个版本：登录、数据部门、菜单与系统设置。',
        publishTime: instant,
      })
      .execute();
  });
}

async function insertMenus(db: Db, landingEndId: number, parentId: number, menus: readonly MenuSeed[]) {
  for (const [sort, m] of menus.entries()) {
    const { menuId } = await db
      .insertInto('menu')
      .values({
        landingEndId,
        parentId,
        menuType: m.menuType,
        menuName: m.menuName,
        code: m.code,
        routePath: m.routePath ?? '',
        icon: m.icon ?? '',
        menuLink: m.menuLink ?? '',
        sort,
        isButton: 0,
      })
      .returning('menuId')
      .executeTakeFirstOrThrow();
    for (const [i, b] of (m.buttons ?? []).entries()) {
      await db
        .insertInto('menu')
        .values({
          landingEndId,
          parentId: menuId,
          menuType: 'FUNC',
          menuName: b.menuName,
          code: b.code,
          routePath: '',
          icon: '',
          menuLink: '',
          sort: i,
          isButton: 1,
        })
        .execute();
    }
    await insertMenus(db, landingEndId, menuId, m.children ?? []);
  }
}

const dictionaries: [code: string, name: string, values: string[]][] = [
  ['oldman_sleep', '睡眠情况', ['良好', '一般', '较差', '失眠']],
  ['drug_type', '药品类型', ['西药', '中成药', '中药饮片', '保健品']],
  ['drug_form', '药品剂型', ['片剂', '胶囊', '颗粒', '口服液', '注射液', '外用']],
  ['drug_min_spec', '最小规格', ['片', '粒', '袋', '支', '瓶']],
  ['deliver_type', '出库类型', ['领用', '调拨', '报损']],
  ['activityType', '活动类型', ['文娱活动', '康复训练', '节日庆祝', '健康讲座']],
  ['oldman', '长者信息', ['宗教信仰', '兴趣爱好', '饮食禁忌']],
  ['reception', '接待信息', ['电话咨询', '上门咨询', '网络咨询']],
  ['service', '服务类别', ['生活照料', '医疗护理', '精神慰藉']],
];

async function seedDictionaries(db: Db, orgId: number) {
  for (const [sort, [dictionaryCode, dictionaryName, values]] of dictionaries.entries()) {
    const { dictionaryId } = await db
      .insertInto('dictionary')
      .values({ orgId, dictionaryCode, dictionaryName, remark: '', sort })
      .returning('dictionaryId')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dictionaryValue')
      .values(values.map((valueName, i) => ({ dictionaryId, valueCode: String(i + 1), valueName, sort: i })))
      .execute();
  }
}

async function seedBuildings(db: Db, orgId: number, deptIds: number[]) {
  for (const b of [1, 2]) {
    const { buildingId } = await db
      .insertInto('building')
      .values({ orgId, buildingName: `${b}号楼` })
      .returning('buildingId')
      .executeTakeFirstOrThrow();
    for (const f of [1, 2, 3]) {
      const { floorId } = await db
        .insertInto('floor')
        .values({ orgId, buildingId, floorName: `${f}层`, floorNo: f })
        .returning('floorId')
        .executeTakeFirstOrThrow();
      for (let r = 1; r <= 8; r++) {
        const deptId = deptIds[b] ?? deptIds[0] ?? 0;
        const { roomId } = await db
          .insertInto('room')
          .values({
            orgId,
            floorId,
            deptId,
            roomName: `${b}${f}${String(r).padStart(2, '0')}`,
            roomType: r <= 2 ? '单人间' : '双人间',
          })
          .returning('roomId')
          .executeTakeFirstOrThrow();
        const beds = r <= 2 ? 1 : 2;
        for (let n = 1; n <= beds; n++) {
          await db
            .insertInto('bed')
            .values({ orgId, roomId, deptId, bedName: `${n}床`, bedStatus: 0, bedType: 1 })
            .execute();
        }
      }
    }
  }
}

async function seedTemplates(db: Db, orgId: number, now: string) {
  for (const [sort, [typeName, isHome, templateName, content]] of (
    [
      [
        '入住合同',
        0,
        '机构养老服务合同',
        '<h2>养老服务合同</h2><p>甲方：{{orgName}}</p><p>乙方（长者）：{{oldmanName}}，身份证号 {{oldmanIdCard}}</p>',
      ],
      [
        '告知书',
        0,
        '入住风险告知书',
        '<h2>入住风险告知书</h2><p>{{oldmanName}} 及其家属已知悉以下风险：跌倒、走失、噎食……</p>',
      ],
      [
        '居家服务协议',
        1,
        '居家上门服务协议',
        '<h2>居家上门服务协议</h2><p>甲方（服务机构）：{{orgName}}</p><p>服务对象：{{oldmanName}}，身份证号 {{oldmanIdCard}}，联系电话 {{phone}}</p><p>服务地址：{{address}}</p><p>甲方按约定派服务人员上门服务，乙方于服务完成后评价。</p><p>签订日期：{{today}}</p>',
      ],
    ] as const
  ).entries()) {
    const { typeId } = await db
      .insertInto('templateType')
      .values({ orgId, typeName, sort, isHome })
      .returning('typeId')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('template')
      .values({ orgId, typeId, templateName, content, status: 1, updateTime: now })
      .execute();
  }
}

/**
 * The preset roles (domain/rolePresets.ts) a home does not have yet, by name, each with its job's menus
 * and buttons; answers every preset's role id by name.
 */
async function insertRolePresets(
  db: Db,
  orgId: number,
  menus: readonly MenuSeed[],
  only: ReadonlySet<string> | null = null,
): Promise<Map<string, number>> {
  const existing = await db
    .selectFrom('role')
    .select(['roleId', 'name'])
    .where('orgId', '=', orgId)
    .where(
      'name',
      'in',
      ROLE_PRESETS.map((p) => p.name),
    )
    .execute();
  const roles = new Map(existing.map((r) => [r.name, r.roleId]));
  for (const preset of ROLE_PRESETS) {
    if (roles.has(preset.name) || (only && !only.has(preset.name))) continue;
    const { roleId } = await db
      .insertInto('role')
      .values({ orgId, name: preset.name, remark: preset.remark })
      .returning('roleId')
      .executeTakeFirstOrThrow();
    roles.set(preset.name, roleId);
    const codes = presetCodes(preset, menus);
    if (codes.length)
      await db
        .insertInto('roleAuthority')
        .values(codes.map((code) => ({ roleId, code })))
        .execute();
  }
  return roles;
}

/**
 * A home set up before the role presets gets them once, at the start after the upgrade (migration 0020
 * noted the step `rolePresets`; a preset added in a later version is noted by name, `rolePresets:测试员`):
 * every preset role it lacks by name, assigned to nobody, so its administrator can give staff a job's
 * menus instead of building each role by hand. One transaction with the note's removal: a role an
 * administrator later deletes does not come back.
 */
export async function addPendingRolePresets(db: Db, menus: readonly MenuSeed[] = webMenus): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // the note taken first: of several nodes starting at once, one gets it (the others wait on its row
    // and then find it gone), so no preset is added twice
    const taken = await sql<{ name: string }>`delete from startupStep
      where name = 'rolePresets' or name like 'rolePresets:%' or name like ${`${PRESET_SCREEN}%`}
      returning name`.execute(trx);
    if (!taken.rows.length) return;
    const names = taken.rows.map((r) => r.name);
    const screens = names
      .filter((n) => n.startsWith(PRESET_SCREEN))
      .map((n) => n.slice(PRESET_SCREEN.length));
    const presetNames = names.filter((n) => !n.startsWith(PRESET_SCREEN));
    const only = presetNames.includes('rolePresets')
      ? null
      : new Set(presetNames.map((n) => n.slice('rolePresets:'.length)));
    const orgs = await trx.selectFrom('org').select('orgId').execute();
    for (const { orgId } of orgs) {
      if (presetNames.length) await insertRolePresets(trx, orgId, menus, only);
      for (const screen of screens) await grantPresetScreen(trx, orgId, menus, screen);
    }
  });
  forgetAuthorizations(db);
}

/**
 * The step a migration notes for a screen added to a preset after homes had their roles
 * (`presetScreen:drug:round`, migration 0024): each role named like a preset that would hold it.
 */
const PRESET_SCREEN = 'presetScreen:';

/** A menu entry's code with its buttons and everything under it, and the groups above it. */
function branchAndGroups(menus: readonly MenuSeed[], code: string): Set<string> {
  const found = new Set<string>();
  const all = (m: MenuSeed) => {
    found.add(m.code);
    for (const b of m.buttons ?? []) found.add(b.code);
    for (const c of m.children ?? []) all(c);
  };
  const walk = (level: readonly MenuSeed[], above: readonly string[]): boolean =>
    level.some((m) => {
      if (m.code === code) {
        for (const g of above) found.add(g);
        all(m);
        return true;
      }
      return walk(m.children ?? [], [...above, m.code]);
    });
  walk(menus, []);
  return found;
}

/**
 * A screen a preset gained in a later version (今日用药 for 护士, issue #42), given to an existing
 * home's role of that preset's name, with the buttons and groups the preset has of it: the role was
 * made from the preset (or seeded under its name) before the screen existed, and syncMenus gives a new
 * screen only to roles holding its group, which an older 护士 without 药品管理 does not.
 */
async function grantPresetScreen(db: Db, orgId: number, menus: readonly MenuSeed[], screen: string) {
  const branch = branchAndGroups(menus, screen);
  for (const preset of ROLE_PRESETS) {
    const codes = presetCodes(preset, menus).filter((c) => branch.has(c));
    if (!codes.includes(screen)) continue;
    const role = await db
      .selectFrom('role')
      .select('roleId')
      .where('orgId', '=', orgId)
      .where('name', '=', preset.name)
      .executeTakeFirst();
    if (!role) continue;
    await db
      .insertInto('roleAuthority')
      .values(codes.map((code) => ({ roleId: role.roleId, code })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Menus are part of the product, not of an institution's data: when a new version adds or
 * renames entries, the web menu tree is rebuilt at start. A newly added code is granted to every
 * role that holds its parent's code, so an existing administrator sees the new screens.
 */
/** Brings the stored menu tree up to the modules' (a new module's group goes to the administrators). */
export async function syncMenus(db: Db, menus: readonly MenuSeed[] = webMenus): Promise<void> {
  forgetAuthorizations(db);
  const wanted = new Map<string, string | null>();
  const walk = (level: readonly MenuSeed[], parent: string | null) => {
    for (const m of level) {
      wanted.set(m.code, parent);
      for (const b of m.buttons ?? []) wanted.set(b.code, m.code);
      walk(m.children ?? [], m.code);
    }
  };
  walk(menus, null);
  const fingerprint = (rows: { code: string; menuName: string; routePath: string }[]) =>
    rows
      .map((r) => `${r.code}|${r.menuName}|${r.routePath}`)
      .sort()
      .join('\n');
  const flat: { code: string; menuName: string; routePath: string }[] = [];
  const flatten = (level: readonly MenuSeed[]) => {
    for (const m of level) {
      flat.push({ code: m.code, menuName: m.menuName, routePath: m.routePath ?? '' });
      for (const b of m.buttons ?? []) flat.push({ code: b.code, menuName: b.menuName, routePath: '' });
      flatten(m.children ?? []);
    }
  };
  flatten(menus);
  await db.transaction().execute(async (trx) => {
    const end = await trx
      .selectFrom('landingEnd')
      .select('landingEndId')
      .where('landingEndCode', '=', WEB_LANDING_END.landingEndCode)
      .executeTakeFirst();
    if (!end) return;
    const stored = await trx
      .selectFrom('menu')
      .select(['code', 'menuName', 'routePath'])
      .where('landingEndId', '=', end.landingEndId)
      .execute();
    if (fingerprint(stored) === fingerprint(flat)) return;
    const known = new Set(stored.map((r) => r.code));
    await trx.deleteFrom('menu').where('landingEndId', '=', end.landingEndId).execute();
    await insertMenus(trx, end.landingEndId, 0, menus);
    // A new top-level group goes to the roles that held every known group (the administrators).
    const knownGroups = menus.map((m) => m.code).filter((c) => known.has(c));
    const groupHolders = knownGroups.length
      ? await trx
          .selectFrom('roleAuthority')
          .select('roleId')
          .where('code', 'in', knownGroups)
          .groupBy('roleId')
          .having((eb) => eb.fn.count('code'), '=', knownGroups.length)
          .execute()
      : [];
    // A new authority the nurse role is seeded without goes only to the roles that already hold every
    // such authority (the administrators), not to every role holding its menu entry.
    const knownRestricted = RESTRICTED_WITHOUT.filter((c) => known.has(c));
    const unrestricted = knownRestricted.length
      ? await trx
          .selectFrom('roleAuthority')
          .select('roleId')
          .where('code', 'in', knownRestricted)
          .groupBy('roleId')
          .having((eb) => eb.fn.count('code'), '=', knownRestricted.length)
          .execute()
      : [];
    for (const [code, parent] of wanted) {
      if (known.has(code)) continue;
      const inherit =
        parent === null
          ? groupHolders
          : await trx.selectFrom('roleAuthority').select('roleId').where('code', '=', parent).execute();
      const holders = RESTRICTED_WITHOUT.includes(code)
        ? inherit.filter((r) => unrestricted.some((u) => u.roleId === r.roleId))
        : inherit;
      for (const { roleId } of holders)
        await trx
          .insertInto('roleAuthority')
          .values({ roleId, code })
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
  });
}
