/**
 * What testers call each machine (issue #22): `npm run paths -- 外出` finds outingMachine, and the
 * list and the test-case sheets name machines this way. Every machine of machines/ has one (a test
 * checks it).
 */
export const machineTitles: Readonly<Record<string, string>> = {
  activityMachine: '活动',
  adverseEventMachine: '不良事件',
  alarmMachine: '告警',
  articleMachine: '宣教文章',
  assessmentMachine: '评估',
  billMachine: '账单',
  brokerConnectionMachine: '消息队列连接',
  complaintMachine: '投诉',
  drugCustodyMachine: '药品代管',
  fenceEditorMachine: '围栏编辑',
  handoverMachine: '交接班',
  inspectionMachine: '政府检查',
  lendMachine: '借用',
  medicationDoseMachine: '服药',
  noticeMachine: '公告',
  nursingPlanMachine: '护理计划',
  nursingTaskMachine: '护理任务',
  outingMachine: '外出',
  patrolTaskMachine: '巡更任务',
  pushConnectionMachine: '推送连接',
  residenceMachine: '入住状态',
  scanPayMachine: '扫码支付',
  serviceOrderMachine: '服务工单',
  sessionMachine: '会话',
  settleInMachine: '入住办理',
  settlementMachine: '退住结算',
  shiftMachine: '排班',
  stockDocumentMachine: '出入库单据',
  stocktakeMachine: '盘点',
  systemConfigMachine: '系统配置',
};

/**
 * The module each machine belongs to, by its menu name (the testers' screen lists them so); the shell's
 * own (the session, the live channels, start-up configuration, the payment gateway) are 控制台's. A test
 * holds the machines of a module's workflows to that module's menu name.
 */
export const machineHomes: Readonly<Record<string, string>> = {
  activityMachine: '行政管理',
  adverseEventMachine: '行政管理',
  alarmMachine: '智能物联',
  articleMachine: '健康宣教',
  assessmentMachine: '护理计划',
  billMachine: '费用管理',
  brokerConnectionMachine: '控制台',
  complaintMachine: '行政管理',
  drugCustodyMachine: '药品管理',
  fenceEditorMachine: '智能物联',
  handoverMachine: '行政管理',
  inspectionMachine: '政府监管',
  lendMachine: '仓储管理',
  medicationDoseMachine: '药品管理',
  noticeMachine: '行政管理',
  nursingPlanMachine: '护理计划',
  nursingTaskMachine: '护理计划',
  outingMachine: '居住管理',
  patrolTaskMachine: '行政管理',
  pushConnectionMachine: '控制台',
  residenceMachine: '居住管理',
  scanPayMachine: '控制台',
  serviceOrderMachine: '居家养老',
  sessionMachine: '控制台',
  settleInMachine: '居住管理',
  settlementMachine: '费用管理',
  shiftMachine: '行政管理',
  stockDocumentMachine: '仓储管理',
  stocktakeMachine: '仓储管理',
  systemConfigMachine: '控制台',
};
