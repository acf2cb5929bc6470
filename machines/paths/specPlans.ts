import type { PathKind } from './generate.js';

export interface SpecPlan {
  kind: PathKind;
  /** event type → why the console's path spec leaves it out, in Chinese, one short sentence a tester reads */
  without: Readonly<Record<string, string>>;
}

const CLOCK = '页面和接口都不能触发，活动发布后时间也不能修改，路径测试无法等真实时间过去';
const MULTIPLIES = '放进来会让之后每个状态按其样本成倍增加';
const CONSOLE_CANNOT = '运行中的控制台遇不到';

/**
 * Per machine short name (as in the spec headers): how its e2e path spec was generated.
 *
 * The testers' screen (系统管理 › 状态机与测试路径) shows from this which transitions the e2e path
 * specs cover and why the rest are left out. Kind and left-out events are each spec's header
 * command (a unit test holds them equal, in the header's order); each reason says in the testers'
 * words what the driver beside the spec (tests/e2e/<module>/<short>.driver.ts) explains.
 */
export const specPlans: Readonly<Record<string, SpecPlan>> = {
  activity: {
    kind: 'transitions',
    without: {
      'activity.openRegistration': `开始报名是时钟到达报名开始时间时发生的，${CLOCK}`,
      'activity.closeRegistration': `报名截止是时钟到达报名截止时间时发生的，${CLOCK}`,
      'activity.start': `活动开始是时钟到达活动开始时间时发生的，${CLOCK}`,
      'activity.end': `活动结束是时钟到达活动结束时间时发生的，${CLOCK}`,
    },
  },
  adverseEvent: {
    kind: 'transitions',
    without: { 'adverse.edit': '编辑是与投诉共用的表单步骤，已由投诉的路径测试走过' },
  },
  complaint: { kind: 'transitions', without: {} },
  handover: { kind: 'transitions', without: {} },
  notice: { kind: 'transitions', without: {} },
  patrolTask: {
    kind: 'transitions',
    without: {
      'patrol.miss':
        '标记漏巡针对结束时间已过的任务，服务器每分钟的检查也会在测试无法选择的时刻标记，路径无法让任务过了结束时间仍停在待巡查或巡查中以供检查',
    },
  },
  shift: { kind: 'transitions', without: {} },
  assessment: { kind: 'transitions', without: {} },
  nursingPlan: { kind: 'transitions', without: {} },
  nursingTask: { kind: 'transitions', without: {} },
  drugCustody: { kind: 'transitions', without: {} },
  medicationDose: { kind: 'transitions', without: {} },
  article: { kind: 'transitions', without: {} },
  bill: { kind: 'transitions', without: {} },
  settlement: { kind: 'transitions', without: {} },
  inspection: {
    kind: 'transitions',
    without: {
      'inspection.expire':
        '逾期由服务器每日检查整改期限已过的记录产生，而下发整改不接受早于今天的期限，控制台里无法到达',
    },
  },
  serviceOrder: {
    kind: 'transitions',
    without: { close: '关闭由系统定时清理未支付工单时执行，不是人的操作' },
  },
  alarm: { kind: 'transitions', without: {} },
  fenceEditor: {
    kind: 'shortest',
    without: {
      'rail.deselect': '页面从不发出取消选中：放开围栏按 Esc 键，即“取消”，已从已选中状态走过',
    },
  },
  outing: { kind: 'transitions', without: {} },
  residence: { kind: 'transitions', without: {} },
  settleIn: {
    kind: 'transitions',
    without: {
      'settleIn.pickBed': `按楼栋、楼层、房间、床位选床已由入住办理的其他端到端测试走过，${MULTIPLIES}`,
      'settleIn.setDate': `入住日期只是传过去的值，路径里保持页面默认的今天并在显示处核对，${MULTIPLIES}`,
    },
  },
  brokerConnection: {
    kind: 'shortest',
    without: {
      'broker.offline': `离线不会停留：客户端报告离线后立即报告连接关闭，看不到离线状态，${CONSOLE_CANNOT}`,
      'broker.end': `客户端只在控制台结束它时才结束，这由停止连接自己完成，${CONSOLE_CANNOT}`,
    },
  },
  pushConnection: {
    kind: 'transitions',
    without: {
      'push.rejected': `服务器只在连接打开后应答认证时才拒绝令牌（4401），已认证的连接被告知登录过期并以 4011 关闭，${CONSOLE_CANNOT}`,
      'push.heartbeatDue': `每条消息都同时重置 240 秒心跳和 15 秒静默计时，静默总是先到，心跳永远不会到期，${CONSOLE_CANNOT}`,
      'push.tabHidden': `无头浏览器中标签页始终可见，派发的可见性变化事件只是伪造，${CONSOLE_CANNOT}`,
      'push.error': `已打开的连接不会报错：浏览器的离线模拟不会断开已打开的连接，路上也没有别的办法让连接失败，${CONSOLE_CANNOT}`,
    },
  },
  scanPay: {
    kind: 'transitions',
    without: {
      'pay.chooseWay':
        '控制台只以收款员在收款或缴费中选定的一种方式打开扫码收款，对话框里无法另选，再选同一种也不会改变什么',
    },
  },
  session: { kind: 'shortest', without: {} },
  systemConfig: {
    kind: 'transitions',
    without: {
      'config.loaded':
        '加上它路径会从 19 条增至 51 条（四个独立请求的几乎所有顺序），而配置加载成功已是其他每个测试的控制台启动，各部分加载失败的回退只在这里走',
    },
  },
  lend: { kind: 'transitions', without: {} },
  stockDocument: { kind: 'transitions', without: {} },
  stocktake: { kind: 'transitions', without: {} },
};
