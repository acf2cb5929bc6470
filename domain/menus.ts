import { baseDataMenu } from './resources/baseData.js';
import { ExpenseAuthority as EA } from './resources/cost.js';
import { costReports } from './resources/costReports.js';
import { HomecareAuthority as HA, HomecarePaths as HP } from './resources/homecareCodes.js';
import { LiveAuthority } from './resources/oldman.js';
import type { MenuType } from './session.js';

/**
 * The menu tree of the "web" landing end, seeded by the server and delivered per user by
 * GET /passport/web-rbac/logins/menu/{landingEndId}. Codes are the authority codes the server
 * checks on its routes and the console checks on buttons (spec 000 §6).
 */
export interface MenuSeed {
  menuType: MenuType;
  menuName: string;
  code: string;
  routePath?: string;
  icon?: string;
  menuLink?: string;
  children?: MenuSeed[];
  /** Button authorities under a FUNC entry. */
  buttons?: { code: string; menuName: string }[];
}

export const Authority = {
  logList: 'systemSetting:logList',
  dictionarys: 'systemSetting:dictionarys',
  dictionaryAdd: 'systemSetting:dictionarys:add',
  dictionaryEdit: 'systemSetting:dictionarys:edit',
  dictionaryDelete: 'systemSetting:dictionarys:delete',
  display: 'systemSetting:display',
  displaySave: 'systemSetting:display:save',
  serve: 'systemSetting:serve',
  serveSave: 'systemSetting:serve:save',
  installPackage: 'systemSetting:install-package',
  installPackageAdd: 'systemSetting:install-package:add',
  installPackageDelete: 'systemSetting:install-package:delete',
  templateSet: 'systemSetting:templateSet',
  templateDocument: 'systemSetting:templateDocument',
  checkConfig: 'systemSetting:checkConfig',
  users: 'systemmanage:users',
  org: 'archives:org',
  bench: 'pims_bench',
  iotAlarm: 'yunmuIot:alarm',
  iotAlarmHandle: 'yunmuIot:alarm:handle',
  iotAlarmDelete: 'yunmuIot:alarm:delete',
  iotLocateAlarm: 'yunmuIot:locateAlarm',
  iotLocateAlarmHandle: 'yunmuIot:locateAlarm:handle',
  iotLocateAlarmDelete: 'yunmuIot:locateAlarm:delete',
  iotCallRecord: 'yunmuIot:callRecord',
  iotCallRecordClean: 'yunmuIot:callRecord:clean',
  iotMonitor: 'yunmuIot:monitor',
  iotHealth: 'yunmuIot:health/personal',
  iotPosition: 'yunmuIot:elderPosition',
  iotFence: 'yunmuIot:fence',
  iotFenceEdit: 'yunmuIot:fence:edit',
  iotLocateAlarmRule: 'yunmuIot:locateAlarmRule',
  iotLocateAlarmRuleEdit: 'yunmuIot:locateAlarmRule:edit',
  iotAlarmRules: 'yunmuIot:alarmRules',
  iotAlarmRulesEdit: 'yunmuIot:alarmRules:edit',
  iotAlarmSetting: 'yunmuIot:alarmSetting',
  iotCallSetting: 'yunmuIot:callSetting',
  iotBedDevices: 'yunmuIot:bedDevices',
  callboardVersions: 'callboard:versions',
  callboardPersonal: 'callboard:personal',
} as const;
export type AuthorityCode = (typeof Authority)[keyof typeof Authority];

const crud = (base: string, name: string) => [
  { code: `${base}:add`, menuName: `新增${name}` },
  { code: `${base}:edit`, menuName: `编辑${name}` },
  { code: `${base}:delete`, menuName: `删除${name}` },
];

export const WEB_LANDING_END = {
  deviceType: 'PC',
  landingEndCode: 'web',
  landingEndName: '管理后台',
} as const;

export const webMenus: MenuSeed[] = [
  {
    menuType: 'MENU',
    menuName: '机构档案',
    code: 'archives',
    icon: 'office',
    children: [
      {
        menuType: 'MENU',
        menuName: '档案管理',
        code: 'archives:manage',
        icon: 'folder-open',
        children: [
          {
            menuType: 'FUNC',
            menuName: '机构档案',
            code: Authority.org,
            routePath: '/archives/manager1/index',
          },
          {
            menuType: 'FUNC',
            menuName: '基础档案',
            code: 'archives:base',
            routePath: '/archives/manager2-1/index',
          },
          {
            menuType: 'FUNC',
            menuName: '在院长者档案',
            code: 'archives:inst',
            routePath: '/archives/manager2-2/index',
          },
          {
            menuType: 'FUNC',
            menuName: '特困人员档案',
            code: 'archives:hardship',
            routePath: '/archives/manager2-3/index',
          },
        ],
      },
    ],
  },
  {
    menuType: 'MENU',
    menuName: '居住管理',
    code: 'live',
    icon: 'home',
    children: [
      {
        menuType: 'MENU',
        menuName: '长者管理',
        code: 'live:elder',
        icon: 'people',
        children: [
          {
            menuType: 'FUNC',
            menuName: '长者档案',
            code: LiveAuthority.archives,
            routePath: '/live/archives/base',
            buttons: [
              { code: LiveAuthority.archivesAdd, menuName: '新增档案' },
              { code: LiveAuthority.archivesEdit, menuName: '编辑档案' },
              { code: LiveAuthority.archivesDelete, menuName: '删除档案' },
              { code: LiveAuthority.archivesImport, menuName: '导入档案' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '入住管理',
            code: LiveAuthority.live,
            routePath: '/live/live/list',
            buttons: [
              { code: LiveAuthority.liveCheckIn, menuName: '办理入住' },
              { code: LiveAuthority.liveChange, menuName: '变更入住状态' },
              { code: LiveAuthority.liveBed, menuName: '调整床位' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '咨询登记',
            code: LiveAuthority.consult,
            routePath: '/live/consult/base',
            buttons: [
              { code: LiveAuthority.consultAdd, menuName: '新增咨询' },
              { code: LiveAuthority.consultEdit, menuName: '编辑咨询' },
              { code: LiveAuthority.consultDelete, menuName: '删除咨询' },
              { code: LiveAuthority.consultArchive, menuName: '咨询转档案' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '来访登记',
            code: LiveAuthority.visit,
            routePath: '/live/visit/come',
            buttons: [
              { code: LiveAuthority.visitAdd, menuName: '新增来访' },
              { code: LiveAuthority.visitEdit, menuName: '编辑来访' },
              { code: LiveAuthority.visitDelete, menuName: '删除来访' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '外出登记',
            code: LiveAuthority.outing,
            routePath: '/live/Outing/register',
            buttons: [
              { code: LiveAuthority.outingAdd, menuName: '新增外出' },
              { code: LiveAuthority.outingEdit, menuName: '编辑外出' },
              { code: LiveAuthority.outingAffirm, menuName: '确认外出' },
              { code: LiveAuthority.outingPostpone, menuName: '外出延期' },
              { code: LiveAuthority.outingCancel, menuName: '取消外出' },
              { code: LiveAuthority.outingBack, menuName: '返院登记' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '外出审核',
            code: LiveAuthority.outingAudit,
            routePath: '/live/Outing/audit',
            buttons: [
              { code: LiveAuthority.outingAuditPass, menuName: '审核通过' },
              { code: LiveAuthority.outingAuditDecline, menuName: '审核驳回' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '家属管理',
            code: LiveAuthority.family,
            routePath: '/live/family/base',
            buttons: [
              { code: LiveAuthority.familyAdd, menuName: '新增家属' },
              { code: LiveAuthority.familyEdit, menuName: '编辑家属' },
              { code: LiveAuthority.familyDelete, menuName: '删除家属' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '合同管理',
            code: LiveAuthority.contract,
            routePath: '/live/contractDocument',
            buttons: [
              { code: LiveAuthority.contractAdd, menuName: '新增合同' },
              { code: LiveAuthority.contractEdit, menuName: '编辑合同' },
              { code: LiveAuthority.contractDelete, menuName: '删除合同' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '文书管理',
            code: 'live:tempeleteDocument',
            routePath: '/live/tempeleteDocument',
          },
          {
            menuType: 'FUNC',
            menuName: '床位状态图',
            code: LiveAuthority.bedInfo,
            routePath: '/home/bedInfo',
          },
        ],
      },
    ],
  },
  {
    menuType: 'MENU',
    menuName: '智能物联',
    code: 'yunmuIot',
    icon: 'satellite',
    children: [
      {
        menuType: 'MENU',
        menuName: '告警中心',
        code: 'yunmuIot:alarmCenter',
        icon: 'notifications',
        children: [
          {
            menuType: 'FUNC',
            menuName: '床垫告警',
            code: Authority.iotAlarm,
            routePath: '/yunmuIot/alarm',
            buttons: [
              { code: Authority.iotAlarmHandle, menuName: '处理告警' },
              { code: Authority.iotAlarmDelete, menuName: '删除告警' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '定位告警',
            code: Authority.iotLocateAlarm,
            routePath: '/yunmuIot/locateAlarm',
            buttons: [
              { code: Authority.iotLocateAlarmHandle, menuName: '处理定位告警' },
              { code: Authority.iotLocateAlarmDelete, menuName: '删除定位告警' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '呼叫记录',
            code: Authority.iotCallRecord,
            routePath: '/yunmuIot/callRecord',
            buttons: [{ code: Authority.iotCallRecordClean, menuName: '清除实时呼叫' }],
          },
        ],
      },
      {
        menuType: 'MENU',
        menuName: '健康监测',
        code: Authority.iotMonitor,
        icon: 'pulse',
        children: [
          {
            menuType: 'FUNC',
            menuName: '床位卡片',
            code: 'yunmuIot:bedCards',
            routePath: '/yunmuIot/bedCards',
          },
          { menuType: 'FUNC', menuName: '静息心率', code: 'yunmuIot:hrrest', routePath: '/yunmuIot/hrrest' },
          {
            menuType: 'FUNC',
            menuName: '呼吸监测',
            code: 'yunmuIot:breathe',
            routePath: '/yunmuIot/breathe',
          },
          { menuType: 'FUNC', menuName: '在床监测', code: 'yunmuIot:inbed', routePath: '/yunmuIot/inbed' },
          {
            menuType: 'FUNC',
            menuName: '翻身监测',
            code: 'yunmuIot:turnover',
            routePath: '/yunmuIot/turnover',
          },
          {
            menuType: 'FUNC',
            menuName: '个人健康',
            code: Authority.iotHealth,
            routePath: '/yunmuIot/health/personal',
          },
        ],
      },
      {
        menuType: 'MENU',
        menuName: '定位管理',
        code: 'yunmuIot:positioning',
        icon: 'map-marker',
        children: [
          {
            menuType: 'FUNC',
            menuName: '实时定位',
            code: Authority.iotPosition,
            routePath: '/yunmuIot/elderPosition/realTime',
          },
          {
            menuType: 'FUNC',
            menuName: '电子围栏',
            code: Authority.iotFence,
            routePath: '/yunmuIot/fence',
            buttons: [{ code: Authority.iotFenceEdit, menuName: '编辑围栏' }],
          },
          {
            menuType: 'FUNC',
            menuName: '定位告警规则',
            code: Authority.iotLocateAlarmRule,
            routePath: '/yunmuIot/locateAlarmRule',
            buttons: [{ code: Authority.iotLocateAlarmRuleEdit, menuName: '编辑定位告警规则' }],
          },
        ],
      },
      {
        menuType: 'MENU',
        menuName: '物联设置',
        code: 'yunmuIot:settings',
        icon: 'settings',
        children: [
          {
            menuType: 'FUNC',
            menuName: '床垫告警规则',
            code: Authority.iotAlarmRules,
            routePath: '/yunmuIot/alarmRules',
            buttons: [{ code: Authority.iotAlarmRulesEdit, menuName: '编辑床垫告警规则' }],
          },
          {
            menuType: 'FUNC',
            menuName: '告警设置',
            code: Authority.iotAlarmSetting,
            routePath: '/yunmuIot/alarmSetting',
          },
          {
            menuType: 'FUNC',
            menuName: '床位设备',
            code: Authority.iotBedDevices,
            routePath: '/yunmuIot/bedDevices',
          },
          {
            menuType: 'FUNC',
            menuName: '呼叫设置',
            code: Authority.iotCallSetting,
            routePath: '/yunmuIot/callSetting',
          },
        ],
      },
    ],
  },
  {
    menuType: 'MENU',
    menuName: '系统管理',
    code: 'systemmanage',
    icon: 'cog',
    children: [
      {
        menuType: 'MENU',
        menuName: '系统设置',
        code: 'systemSetting',
        icon: 'settings',
        children: [
          {
            menuType: 'FUNC',
            menuName: '操作日志',
            code: Authority.logList,
            routePath: '/systemSetting/logList',
          },
          {
            menuType: 'FUNC',
            menuName: '数据字典',
            code: Authority.dictionarys,
            routePath: '/systemSetting/dictionarys',
            buttons: crud(Authority.dictionarys, '字典'),
          },
          {
            menuType: 'FUNC',
            menuName: '显示设置',
            code: Authority.display,
            routePath: '/systemSetting/display',
            buttons: [{ code: Authority.displaySave, menuName: '保存显示设置' }],
          },
          {
            menuType: 'FUNC',
            menuName: '服务器设置',
            code: Authority.serve,
            routePath: '/systemSetting/serve',
            buttons: [{ code: Authority.serveSave, menuName: '保存服务器设置' }],
          },
          {
            menuType: 'FUNC',
            menuName: '安装包管理',
            code: Authority.installPackage,
            routePath: '/systemSetting/install-package',
            buttons: [
              { code: Authority.installPackageAdd, menuName: '新增安装包' },
              { code: Authority.installPackageDelete, menuName: '删除安装包' },
            ],
          },
          {
            menuType: 'FUNC',
            menuName: '表单模板',
            code: Authority.templateSet,
            routePath: '/systemSetting/templateSet',
          },
          {
            menuType: 'FUNC',
            menuName: '文书模板',
            code: Authority.templateDocument,
            routePath: '/systemSetting/templateDocument',
          },
          {
            menuType: 'FUNC',
            menuName: '审核配置',
            code: Authority.checkConfig,
            routePath: '/systemSetting/checkConfig',
          },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '用户管理',
        code: Authority.users,
        routePath: '/systemmanage/manager/index',
      },
      { menuType: 'IN_LINK', menuName: '使用帮助', code: 'systemmanage:help', menuLink: '/help.html' },
    ],
  },
  // Spec 001 §2 "Expense, base /expense" and "Expense reports".
  {
    menuType: 'MENU',
    menuName: '费用管理',
    code: 'expense',
    icon: 'dollar',
    children: [
      {
        menuType: 'FUNC',
        menuName: '长者账户',
        code: EA.account,
        routePath: '/expense/account',
        buttons: [
          { code: EA.accountTrade, menuName: '收款退款' },
          { code: EA.accountObsolete, menuName: '作废交易' },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '费用账单',
        code: EA.bill,
        routePath: '/expense/bill',
        buttons: [
          { code: EA.billCreate, menuName: '生成账单' },
          { code: EA.billPay, menuName: '账单缴费' },
          { code: EA.billAntiSettle, menuName: '反结算' },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '退住结算',
        code: EA.settle,
        routePath: '/expense/settle',
        buttons: [
          { code: EA.settleDo, menuName: '结算' },
          { code: EA.settleRevoke, menuName: '撤销结算' },
        ],
      },
      { menuType: 'FUNC', menuName: '缴费提醒', code: EA.remind, routePath: '/expense/paymentRemind' },
      { menuType: 'FUNC', menuName: '历史收据', code: EA.receipt, routePath: '/expense/receipt' },
      {
        menuType: 'FUNC',
        menuName: '收费项目',
        code: EA.baseCharge,
        routePath: '/expense/account/baseCharge',
        buttons: [{ code: EA.baseChargeEdit, menuName: '编辑收费项目' }],
      },
      {
        menuType: 'FUNC',
        menuName: '费用设置',
        code: EA.costSet,
        routePath: '/expense/account/costSet',
        buttons: [{ code: EA.costSetEdit, menuName: '编辑费用设置' }],
      },
      {
        menuType: 'FUNC',
        menuName: '优惠规则',
        code: EA.preferential,
        routePath: '/expense/account/preferential',
        buttons: [{ code: EA.preferentialEdit, menuName: '编辑优惠规则' }],
      },
      {
        menuType: 'MENU',
        menuName: '财务报表',
        code: EA.report,
        icon: 'chart',
        children: [
          ...costReports.map(
            (r): MenuSeed => ({
              menuType: 'FUNC',
              menuName: r.title,
              code: `${EA.report}:${r.name}`,
              routePath: `/expense/report/${r.name}`,
            }),
          ),
          {
            menuType: 'FUNC',
            menuName: '收支记录',
            code: `${EA.report}:income`,
            routePath: '/expense/report/income',
          },
          {
            menuType: 'FUNC',
            menuName: '账务核对',
            code: `${EA.report}:ledger`,
            routePath: '/expense/report/ledger',
          },
        ],
      },
    ],
  },
  // Spec 001 §2 "Home care, base /homecare".
  {
    menuType: 'MENU',
    menuName: '居家养老',
    code: HA.group,
    icon: 'home',
    children: [
      {
        menuType: 'FUNC',
        menuName: '居家档案',
        code: HA.archives,
        routePath: HP.archives,
        buttons: [
          { code: HA.archivesAdd, menuName: '新增居家档案' },
          { code: HA.archivesEdit, menuName: '编辑居家档案' },
          { code: HA.archivesDelete, menuName: '删除居家档案' },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '居家账户',
        code: HA.account,
        routePath: HP.account,
        buttons: [
          { code: HA.accountAdd, menuName: '开户' },
          { code: HA.accountEdit, menuName: '编辑账户' },
          { code: HA.accountDelete, menuName: '注销账户' },
          { code: HA.accountTrade, menuName: '充值退款' },
          { code: HA.accountVoid, menuName: '作废交易' },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '服务工单',
        code: HA.order,
        routePath: HP.serverWorkorder,
        buttons: [
          { code: HA.orderAdd, menuName: '新增工单' },
          { code: HA.orderEdit, menuName: '编辑工单' },
          { code: HA.orderDelete, menuName: '删除工单' },
          { code: HA.orderPay, menuName: '支付' },
          { code: HA.orderDistribute, menuName: '派单' },
          { code: HA.orderServe, menuName: '接单与服务' },
          { code: HA.orderCancel, menuName: '取消工单' },
          { code: HA.orderAbolish, menuName: '作废工单' },
          { code: HA.orderAfterSales, menuName: '申请售后' },
          { code: HA.orderEvaluate, menuName: '服务评价' },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '售后工单',
        code: HA.afterSale,
        routePath: HP.afterSaleOrder,
        buttons: [{ code: HA.afterSaleAudit, menuName: '售后审核' }],
      },
      {
        menuType: 'FUNC',
        menuName: '服务项目',
        code: HA.items,
        routePath: HP.serviceitems,
        buttons: crud(HA.items, '服务项目'),
      },
      {
        menuType: 'FUNC',
        menuName: '工单设置',
        code: HA.orderSet,
        routePath: HP.orderSet,
        buttons: [{ code: HA.orderSetSave, menuName: '保存工单设置' }],
      },
      {
        menuType: 'FUNC',
        menuName: '派单规则',
        code: HA.orderRule,
        routePath: HP.orderRule,
        buttons: [
          ...crud(HA.orderRule, '派单规则'),
          { code: HA.orderRuleGenerate, menuName: '按规则生成工单' },
        ],
      },
      {
        menuType: 'FUNC',
        menuName: '文书管理',
        code: HA.document,
        routePath: HP.tempeleteDocument,
        buttons: crud(HA.document, '居家文书'),
      },
    ],
  },
  // Base records of later modules' dropdowns (domain/resources/baseData.ts).
  baseDataMenu,
  // Spec 000 §2: a top-level menu named pims_bench is removed by the console.
  { menuType: 'MENU', menuName: 'pims_bench', code: Authority.bench, children: [] },
  // Spec 001 "Call board, base /callboard"; both pages are also in the user drop-down of the header.
  {
    menuType: 'MENU',
    menuName: '呼叫看板',
    code: 'callboard',
    icon: 'clipboard',
    children: [
      {
        menuType: 'FUNC',
        menuName: '版本记录',
        code: Authority.callboardVersions,
        routePath: '/callboard/versions/record',
      },
      {
        menuType: 'FUNC',
        menuName: '个人信息',
        code: Authority.callboardPersonal,
        routePath: '/callboard/personal/information',
      },
    ],
  },
];

/** Every authority code in a menu tree, buttons included. */
export function allAuthorityCodes(menus: MenuSeed[] = webMenus): string[] {
  return menus.flatMap((m) => [
    m.code,
    ...(m.buttons ?? []).map((b) => b.code),
    ...allAuthorityCodes(m.children ?? []),
  ]);
}
