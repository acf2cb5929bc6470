import { billStatuses, liveStatuses, outStatuses } from './resources/statuses.js';
import { activityPhases } from './statuses/activities.js';
import { noticeStatuses } from './statuses/administration.js';
import { assessmentStatuses } from './statuses/assessment.js';
import { shiftStatuses } from './statuses/attendance.js';
import { planStatuses, taskStatuses } from './statuses/care.js';
import { doseStates, keepStates } from './statuses/drugs.js';
import { afterSaleStatuses, serveStatuses } from './statuses/homecare.js';
import { patrolTaskStatuses } from './statuses/patrol.js';
import { adverseStatuses, complaintStatuses, handoverStatuses } from './statuses/quality.js';
import { docStates, inventoryStates, lendStates } from './statuses/warehouse.js';

/** Spec 000 §3 "Static dictionaries": value → Chinese meaning. */
export interface DictEntry {
  value: string | number;
  label: string;
  /** Tree-shaped lookups (locations, storage classify, assessors by department). */
  children?: DictEntry[];
  /** A tree node that cannot be chosen itself (spec 000 §3: storage classify). */
  disabled?: boolean;
}
/** `[value, label]` pairs, as written here or a status set's `entries` (domain/status.ts). */
const d = (pairs: readonly (readonly [string | number, string])[]): DictEntry[] =>
  pairs.map(([value, label]) => ({ value, label }));

const ETHNIC_GROUPS =
  '汉族 蒙古族 回族 藏族 维吾尔族 苗族 彝族 壮族 布依族 朝鲜族 满族 侗族 瑶族 白族 土家族 哈尼族 哈萨克族 傣族 黎族 傈僳族 佤族 畲族 高山族 拉祜族 水族 东乡族 纳西族 景颇族 柯尔克孜族 土族 达斡尔族 仫佬族 羌族 布朗族 撒拉族 毛南族 仡佬族 锡伯族 阿昌族 普米族 塔吉克族 怒族 乌孜别克族 俄罗斯族 鄂温克族 德昂族 保安族 裕固族 京族 塔塔尔族 独龙族 鄂伦春族 赫哲族 门巴族 珞巴族 基诺族'.split(
    ' ',
  );

/** Attendance clock-time options: 10 to 480 minutes in 10-minute steps, grouped by hour. */
export const clockTimeOptions = Array.from({ length: 8 }, (_, h) => ({
  label: `${h + 1}小时内`,
  options: Array.from({ length: 6 }, (_, i) => h * 60 + (i + 1) * 10).map((m) => ({
    value: m,
    label: `${m}分钟`,
  })),
}));

export const staticDictionaries = {
  validityUnit: d([
    ['Y', '年'],
    ['M', '月'],
    ['D', '日'],
  ]),
  switch: d([
    [0, '关'],
    [1, '开'],
  ]),
  yesNo: d([
    [0, '是'],
    [1, '否'],
  ]),
  gender: d([
    [0, '男'],
    [1, '女'],
  ]),
  alarmRuleStatus: d([
    [0, '启用'],
    [1, '停用'],
  ]),
  ruleStatus: d([
    [0, '停用'],
    [1, '启用'],
  ]),
  planStatus: d([
    [0, '启用'],
    [1, '停用'],
  ]),
  locateAlarmType: d([
    ['railAlarm', '电子围栏告警'],
    ['manualAlarm', '手动告警'],
    ['locationOffline', '定位离线'],
    ['communicationOffline', '通讯离线'],
    ['lowPowerAlarm', '低电量告警'],
    ['tamperAlarm', '防拆告警'],
    ['maintenanceAlarm', '维护告警'],
    ['sos', 'SOS求救'],
    // no device raises it: a patrol point recorded abnormal (issue #15)
    ['patrol.abnormal', '巡更异常'],
    // nor this: a serious adverse event reported (issue #15, 护理质量)
    ['adverse.serious', '严重不良事件'],
  ]),
  locateStatus: d([
    [0, '在线'],
    [1, '离线'],
  ]),
  onlineStatus: d([
    [0, '离线'],
    [1, '在线'],
  ]),
  launchType: d([
    [1, '家属发起'],
    [2, '机构发起'],
  ]),
  battery: d([
    ['0-25', '0-25%'],
    ['25-50', '25-50%'],
    ['50-75', '50-75%'],
    ['75-100', '75-100%'],
  ]),
  workStatus: d([
    ['work', '工作'],
    ['sleep', '休眠'],
  ]),
  inBed: d([
    [1, '在床'],
    [0, '离床'],
  ]),
  labelAlarmStatus: d([
    [0, '正常'],
    [1, '告警'],
  ]),
  alarmStatus: d([
    [0, '未处理'],
    [2, '已忽略'],
    [3, '已处理'],
    [4, '已解除'],
  ]),
  mattressAlarmType: d([
    [1, '离床'],
    [2, '体动'],
    [3, '呼吸'],
    [4, '心率'],
    [5, '尿湿'],
  ]),
  /**
   * What a 床垫告警 record can be: the mattress's alarms, a mattress's or call button's 通讯离线, a call
   * nobody answered.
   */
  mattressRecordType: d([
    [1, '离床'],
    [2, '体动'],
    [3, '呼吸'],
    [4, '心率'],
    [5, '尿湿'],
    ['communicationOffline', '通讯离线'],
    // a call button's call nobody answered in time (domain/alarms.ts CALL_UNANSWERED; this file stays
    // free of the schema library alarms.ts brings)
    ['call.unanswered', '呼叫未应答'],
    // hand-entered vital signs beyond the thresholds (domain/alarms.ts signAlarmType): a type of their own
    ['sign.bloodPressure', '血压异常（体征录入）'],
    ['sign.bloodOxygen', '血氧过低（体征录入）'],
    ['sign.bloodSugar', '血糖异常（体征录入）'],
    ['sign.heartRate', '心率异常（体征录入）'],
    ['sign.temperature', '体温异常（体征录入）'],
  ]),
  templateType: d([
    [1, '重复'],
    [2, '单次'],
  ]),
  preferentialRule: d([
    [1, '满赠'],
    [2, '满免'],
  ]),
  /** Listed from a new admission on (the codes' order is spec 001's). */
  liveStatus: d(liveStatuses.entriesIn(['waiting', 'living', 'trial', 'quit', 'reserved', 'cancelled'])),
  /** The operation log's types (server/http/operationLog.ts: each route's log type, or its method). */
  operationType: d([
    ['LOGIN', '登录'],
    ['LOGIN_FAIL', '登录失败'],
    ['LOGOUT', '退出'],
    ['SELECT_DEPT', '选择部门'],
    ['ADD', '新增'],
    ['UPDATE', '修改'],
    ['DELETE', '删除'],
    ['UPDATE_PWD', '修改密码'],
    ['RESET_PWD', '找回密码'],
    ['REGISTER', '注册'],
    ['UPLOAD', '上传'],
    ['IMPORT', '导入'],
    ['SMS', '短信验证码'],
    ['POST', '提交'],
    ['PUT', '更新'],
  ]),
  /** A user account: 0 may sign in, 1 may not. */
  accountStatus: d([
    [0, '启用'],
    [1, '停用'],
  ]),
  /** Whether the signed-in user has read a version note. */
  readStatus: d([
    [0, '未读'],
    [1, '已读'],
  ]),
  operationSource: d([
    [1, '管理后台'],
    [2, '床旁机'],
    [3, 'PDA'],
    [4, '护士主机'],
    [5, '其他'],
  ]),
  callConnect: d([
    [1, '接听'],
    [3, '清除'],
  ]),
  r10CallStatus: d([
    [1, '已响应'],
    [2, '未响应'],
    [3, '已取消'],
  ]),
  healthStatus: d([
    [1, '正常'],
    [0, '异常'],
  ]),
  shiftStatus: d(shiftStatuses.entriesIn(['disabled', 'enabled'])),
  scheduleMode: d([
    [1, '按床位'],
    [2, '按房间'],
  ]),
  /** 打卡类型 (attendance clock records). */
  clockType: d([
    [1, '上班打卡'],
    [2, '下班打卡'],
  ]),
  /** 员工状态 (emp.status). */
  staffStatus: d([
    [0, '在职'],
    [1, '离职'],
  ]),
  lastUpgrade: d([
    [0, '失败'],
    [1, '成功'],
    [2, '新版本'],
  ]),
  serviceOrderStatus: d(
    serveStatuses.entriesIn([
      'pendingPayment',
      'pendingDispatch',
      'pendingService',
      'inService',
      'completed',
      'cancelled',
      'voided',
      'closed',
    ]),
  ),
  serviceOrderSource: d([
    ['WEB', '管理后台'],
    ['FAMILY_WECHAT', '家属微信'],
    ['OLD_MAN', '长者'],
  ]),
  /** 服务评价 of a completed home-care order: 1–5 stars. */
  serviceScore: d([
    [5, '★★★★★ 非常满意'],
    [4, '★★★★☆ 满意'],
    [3, '★★★☆☆ 一般'],
    [2, '★★☆☆☆ 不满意'],
    [1, '★☆☆☆☆ 非常不满意'],
  ]),
  /** 代管药品状态 (machines/drugCustodyMachine.ts, issue #16). */
  drugKeepState: d(keepStates.entries),
  /** 今日用药 一次用药的状态 (machines/medicationDoseMachine.ts, issue #42 point 3). */
  drugDoseState: d(doseStates.entries),
  /** 代管药品变动类型 keepType (spec 001 §3 "drug"). */
  drugKeepType: d([
    [1, '接收登记'],
    [2, '用药'],
    [3, '退还家属'],
    [4, '销毁'],
  ]),
  /** 取药去向. */
  drugTakeType: d([
    [1, '退还家属'],
    [2, '销毁'],
  ]),
  /** 给药途径. */
  drugUsage: d([
    ['口服', '口服'],
    ['外用', '外用'],
    ['含服', '含服'],
    ['吸入', '吸入'],
    ['滴眼', '滴眼'],
    ['注射', '注射'],
  ]),
  stockMovement: d([
    ['STORE', '入库'],
    ['DELIVER', '出库'],
    ['LEND', '借出'],
    ['RETURN', '归还'],
    ['TRANSFER', '调拨'],
    ['INVENTORY', '盘点'],
    ['SCRAP', '报废'],
  ]),
  planType: d([
    [0, '日'],
    [1, '周'],
    [2, '月'],
    [3, '自定义'],
  ]),
  patrolStatus: d([
    [0, '未巡查'],
    [1, '正常'],
    [2, '异常'],
  ]),
  patrolTaskStatus: d(patrolTaskStatuses.entries),
  patrolResult: d([
    [1, '正常'],
    [2, '异常'],
  ]),
  deviceType: d([
    [33, '手表'],
    [34, '手环'],
    [-1, '其他'],
  ]),
  assessmentType: d([
    [0, '简易评估'],
    [1, '2013版标准'],
    [2, '2023版标准'],
    [3, '2023增强版'],
  ]),
  /** assessment.status (machines/assessmentMachine.ts). */
  assessmentStatus: d(assessmentStatuses.entries),
  arrears: d([
    [0, '已缴清'],
    [1, '欠费'],
  ]),
  sealedStatus: d([
    [0, '正常'],
    [1, '封存'],
  ]),
  inspectResult: d([
    [0, '不合格'],
    [1, '合格'],
  ]),
  afterSaleStatus: d(afterSaleStatuses.entries),
  /** Home-care order payment: the elder's account balance or a home trade way (ours). */
  homePayWay: d([
    ['BALANCE', '账户余额'],
    ['CASH', '现金'],
    ['WECHAT', '微信'],
    ['ALIPAY', '支付宝'],
    ['BANK_CARD', '银行卡'],
    ['TRANSFER', '转账'],
    ['OTHER', '其他'],
  ]),
  homeTradeWay: d([
    ['CASH', '现金'],
    ['WECHAT', '微信'],
    ['ALIPAY', '支付宝'],
    ['BANK_CARD', '银行卡'],
    ['TRANSFER', '转账'],
    ['OTHER', '其他'],
  ]),
  batchPayWay: d([
    [1, '余额'],
    [2, '现金'],
    [3, '微信（线下）'],
    [4, '支付宝（线下）'],
    [5, '银联（线下）'],
    [8, '转账'],
    [7, '其他'],
  ]),
  scanPayWay: d([
    [10, '微信扫码'],
    [11, '支付宝扫码'],
    [12, '微信付款码'],
    [13, '支付宝付款码'],
  ]),
  attentionNote: d([
    [1, '认知障碍'],
    [2, '暴力倾向'],
    [3, '自杀倾向'],
    [4, '长期护理保险'],
    [5, '安宁疗护'],
  ]),
  maritalStatus: d([
    [1, '未婚'],
    [2, '已婚'],
    [3, '丧偶'],
    [4, '离异'],
  ]),
  education: d([
    [1, '文盲'],
    [2, '小学'],
    [3, '初中'],
    [4, '高中/中专'],
    [5, '大专'],
    [6, '本科及以上'],
  ]),
  economicSource: d([
    [1, '退休金'],
    [2, '子女资助'],
    [3, '低保/特困供养'],
    [4, '个人积蓄'],
    [5, '其他'],
  ]),
  medicalInsurance: d([
    [1, '城镇职工医保'],
    [2, '城乡居民医保'],
    [3, '商业保险'],
    [4, '公费医疗'],
    [5, '自费'],
  ]),
  bloodType: d([
    ['A', 'A型'],
    ['B', 'B型'],
    ['O', 'O型'],
    ['AB', 'AB型'],
    ['U', '不详'],
  ]),
  selfCareAbility: d([
    [1, '能力完好'],
    [2, '轻度失能'],
    [3, '中度失能'],
    [4, '重度失能'],
    [5, '完全失能'],
  ]),
  /** The care levels elders are seeded with; the care-configuration module will own them later. */
  nursingLevel: d([
    ['自理', '自理'],
    ['半护理', '半护理'],
    ['全护理', '全护理'],
    ['特级护理', '特级护理'],
  ]),
  familyRelation: d([
    [1, '配偶'],
    [2, '儿子'],
    [3, '女儿'],
    [4, '儿媳'],
    [5, '女婿'],
    [6, '孙子女'],
    [7, '兄弟姐妹'],
    [8, '其他亲属'],
    [9, '朋友'],
    [10, '监护人'],
  ]),
  checkInSource: d([
    [1, '咨询转入'],
    [2, '直接办理'],
    [3, '医院转介'],
    [4, '政府安置'],
  ]),
  consultChannel: d([
    [1, '来电'],
    [2, '到访'],
    [3, '网络'],
    [4, '朋友介绍'],
    [5, '其他'],
  ]),
  consultIntention: d([
    [1, '高'],
    [2, '中'],
    [3, '低'],
  ]),
  consultStatus: d([
    [0, '跟进中'],
    [1, '已建档'],
    [2, '已放弃'],
  ]),
  visitPurpose: d([
    [1, '探望'],
    [2, '参观'],
    [3, '办事'],
    [4, '其他'],
  ]),
  contractStatus: d([
    [0, '草稿'],
    [1, '生效'],
    [2, '终止'],
  ]),
  /** Billing (spec 001 "Expense"): how a charge item is billed each month. */
  chargeScope: d([
    [0, '按长者费用设置'],
    [1, '全部在住长者'],
  ]),
  chargeUnit: d([
    [1, '元/月'],
    [2, '元/天'],
    [3, '元/次'],
  ]),
  /** Statement types of spec 001 §9. */
  tradeType: d([
    [1, '预存款'],
    [2, '入院押金'],
    [6, '医疗押金'],
    [5, '预订金'],
    [3, '缴费'],
    [4, '退款'],
  ]),
  billStatus: d(billStatuses.entries),
  remindTemplate: d([
    [1, '缴费通知'],
    [2, '欠费催缴'],
  ]),
  inOutDirection: d([
    [1, '收入'],
    [2, '支出'],
  ]),
  settleStatus: d([
    [1, '已结算'],
    [0, '已撤销'],
  ]),
  /** Outings (machines/outingMachine.ts, docs/decisions.md "Outings"). */
  outStatus: d(outStatuses.entries),
  outReason: d([
    [1, '就医'],
    [2, '回家探亲'],
    [3, '家属接出游玩'],
    [4, '购物'],
    [5, '办理事务'],
    [9, '其他'],
  ]),
  ethnicGroup: ETHNIC_GROUPS.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label })),
  jobType: d([
    ['DOCTOR', '医生'],
    ['NURSE', '护士'],
    ['deptHead', '科室主任'],
    ['nurseHead', '护士长'],
    ['nurseTeamLeader', '护理组长'],
    ['medicalTeamLeader', '医疗组长'],
    ['other', '其他'],
  ]),
  /** 机构档案 (docs/decisions.md "Institution archive"): bed.bedStatus, set by the residence workflow. */
  bedStatus: d([
    [0, '空闲'],
    [1, '在住'],
    [2, '预订'],
    [3, '维修停用'],
  ]),
  bedType: d([
    [1, '普通床位'],
    [2, '护理型床位'],
    [3, '认知症照护床位'],
  ]),
  roomType: d([
    ['单人间', '单人间'],
    ['双人间', '双人间'],
    ['三人间', '三人间'],
    ['多人间', '多人间'],
  ]),
  /** A room or bed in use, or retired (taken out of use, kept for the records that name it). */
  useStatus: d([
    [1, '在用'],
    [0, '已停用'],
  ]),
  /** 基础档案: where a cared-for person is served. */
  careMode: d([
    [1, '机构养老'],
    [2, '居家养老'],
  ]),
  /** 护理项目的执行频次 (features/care/api/care.ts Frequency). */
  careFrequency: d([
    [1, '每天'],
    [2, '每周'],
    [3, '每班'],
  ]),
  /** 护理计划状态 (machines/nursingPlanMachine.ts). */
  nursingPlanStatus: d(planStatuses.entries),
  /** 护理任务状态 (machines/nursingTaskMachine.ts). */
  nursingTaskStatus: d(taskStatuses.entries),
  /** 特困人员档案: 供养类别 (the 特困人员救助供养 kinds of support). */
  supportCategory: d([
    [1, '集中供养'],
    [2, '分散供养'],
  ]),
  /** 特困人员档案: where the person's entitlement was certified. */
  hardshipArea: d([
    [1, '城市特困'],
    [2, '农村特困'],
  ]),
  /** 特困人员档案: whether the support runs. */
  supportStatus: d([
    [1, '在册'],
    [0, '已终止'],
  ]),
  /** 体征类型 of a hand-entered vital sign (spec 001 §2 care plan vital-sign lists). */
  signType: d([
    [1, '血压'],
    [2, '血氧'],
    [3, '血糖'],
    [4, '心率'],
    [5, '体温'],
    [6, '体重'],
  ]),
  /** 餐次 of a meal plan (piDishPlan/timeCycles). */
  mealTimeCycle: d([
    [1, '早餐'],
    [2, '上午加餐'],
    [3, '午餐'],
    [4, '下午加餐'],
    [5, '晚餐'],
  ]),
  /** 星期 of a meal plan entry, ISO: 1 Monday … 7 Sunday. */
  weekday: d([
    [1, '星期一'],
    [2, '星期二'],
    [3, '星期三'],
    [4, '星期四'],
    [5, '星期五'],
    [6, '星期六'],
    [7, '星期日'],
  ]),
  /** 血糖测量时段. */
  glucoseTiming: d([
    [1, '空腹'],
    [2, '餐后2小时'],
    [3, '随机'],
  ]),
  /** 公告 (noticeMachine): 草稿 → 已发布 → 已撤回. */
  noticeStatus: d(noticeStatuses.entries),
  /** 提醒事项: waiting for its time, or read by its owner (reminds/editStatus). */
  remindStatus: d([
    [0, '未读'],
    [1, '已读'],
  ]),
  /** 站内消息的类别. */
  msgType: d([
    [1, '系统消息'],
    [2, '业务通知'],
    [3, '活动消息'],
  ]),
  /** 待办事项. */
  todoStatus: d([
    [0, '未完成'],
    [1, '已完成'],
  ]),
  /** 活动类型: the values seeded in the institution's dictionary activityType (codes 1–4). */
  activityType: d([
    ['1', '文娱活动'],
    ['2', '康复训练'],
    ['3', '节日庆祝'],
    ['4', '健康讲座'],
  ]),
  /** 活动状态 (machines/activityMachine.ts): from the clock and the stored activityStatus. */
  activityState: d(activityPhases.entries),
  /** 库存单据状态 (machines/stockDocumentMachine.ts, issue #16). */
  stockDocState: d(docStates.entries),
  /** 借用单归还状态 (machines/lendMachine.ts, issue #16). */
  lendState: d(lendStates.entries),
  /** 盘点单状态 (machines/stocktakeMachine.ts, issue #16). */
  inventoryState: d(inventoryStates.entries),
  /** 库存变动类型 (spec 000 §3). */
  stockMovementType: d([
    ['STORE', '入库'],
    ['DELIVER', '出库'],
    ['LEND', '借出'],
    ['RETURN', '归还'],
    ['TRANSFER', '调拨'],
    ['INVENTORY', '盘点'],
    ['SCRAP', '报废'],
  ]),
  /** 活动签到: a registered elder has not come, has signed in, has signed out. */
  activitySignStatus: d([
    [0, '未签到'],
    [1, '已签到'],
    [2, '已签退'],
  ]),
  /** 护理质量 (issue #15, docs/decisions.md "Administration: care-quality records"). 交接班的班次. */
  handoverShift: d([
    [1, '早班'],
    [2, '中班'],
    [3, '夜班'],
  ]),
  handoverStatus: d(handoverStatuses.entries),
  adverseEventType: d([
    [1, '跌倒'],
    [2, '压力性损伤'],
    [3, '用药错误'],
    [4, '噎食/误吸'],
    [5, '走失'],
    [6, '烫伤'],
    [9, '其他'],
  ]),
  /** 伤害程度: 重度伤害 and 死亡 are serious (an alarm to management). */
  adverseSeverity: d([
    [1, '无伤害'],
    [2, '轻度伤害'],
    [3, '中度伤害'],
    [4, '重度伤害'],
    [5, '死亡'],
  ]),
  adverseEventStatus: d(adverseStatuses.entries),
  adverseFollowType: d([
    [1, '调查'],
    [2, '整改'],
    [3, '回访'],
    [4, '结案'],
  ]),
  complainantType: d([
    [1, '家属'],
    [2, '长者'],
    [3, '其他'],
  ]),
  complaintType: d([
    [1, '服务态度'],
    [2, '护理质量'],
    [3, '餐饮'],
    [4, '环境设施'],
    [5, '收费'],
    [6, '安全'],
    [9, '其他'],
  ]),
  complaintStatus: d(complaintStatuses.entries),
  satisfaction: d([
    [1, '满意'],
    [2, '基本满意'],
    [3, '不满意'],
  ]),
  trainingType: d([
    [1, '入职培训'],
    [2, '护理技能'],
    [3, '消防安全'],
    [4, '感染防控'],
    [5, '急救技能'],
    [6, '职业道德'],
    [9, '其他'],
  ]),
  attendStatus: d([
    [1, '出勤'],
    [2, '缺勤'],
    [3, '请假'],
  ]),
  trainingResult: d([
    [1, '合格'],
    [2, '不合格'],
  ]),
} satisfies Record<string, DictEntry[]>;
export type StaticDictName = keyof typeof staticDictionaries;

/** The label of a static dictionary value ('' when the value is not in it). */
export function dictLabel(name: StaticDictName, value: string | number | null | undefined): string {
  return staticDictionaries[name].find((e) => String(e.value) === String(value))?.label ?? '';
}
