import {
  type Answers,
  type Grade,
  maxScoreOf,
  type Scale,
  type ScaleOption,
  type ScaleSection,
  sectionScore,
  yesNo,
} from './types.js';

/**
 * MZ/T 039-2013《老年人能力评估》: four first-level indicators — 日常生活活动 (the Barthel index,
 * 10 items, 0–100, higher is better), 精神状态 (3 items, 0–6), 感知觉与沟通 (4 items) and 社会参与
 * (5 items, 0–20; lower is better) — each graded 0 能力完好 … 3 重度受损, then the four grades
 * combine into the 能力等级 0–3 and the 等级变更条款 adjust it. Sources: docs/decisions.md.
 */
const o = (...pairs: [number, string][]): ScaleOption[] => pairs.map(([value, label]) => ({ value, label }));
const ascending = (...labels: string[]): ScaleOption[] => labels.map((label, value) => ({ value, label }));

export const ADL: ScaleSection = {
  code: 'B.1',
  name: '日常生活活动',
  scored: true,
  rule: '0 能力完好：总分100分；1 轻度受损：65～95分；2 中度受损：45～60分；3 重度受损：≤40分',
  items: [
    {
      code: 'B.1.1',
      name: '进食',
      desc: '指用餐具将食物由容器送到口中，包括用筷子、勺或叉取食物、咀嚼、吞咽等过程',
      options: o(
        [10, '可独立进食（在合理的时间内独立进食准备好的食物）'],
        [5, '需部分帮助（进食过程中需要一定帮助，如协助把持餐具）'],
        [0, '需极大帮助或完全依赖他人，或有留置营养管'],
      ),
    },
    {
      code: 'B.1.2',
      name: '洗澡',
      options: o([5, '准备好洗澡水后，可自己独立完成洗澡过程'], [0, '在洗澡过程中需他人帮助']),
    },
    {
      code: 'B.1.3',
      name: '修饰',
      desc: '指洗脸、刷牙、梳头、刮脸等',
      options: o([5, '可自己独立完成'], [0, '需他人帮助']),
    },
    {
      code: 'B.1.4',
      name: '穿衣',
      desc: '指穿脱衣服、系扣、拉拉链、穿脱鞋袜、系鞋带',
      options: o(
        [10, '可独立完成'],
        [5, '需部分帮助（能自己穿脱，但需他人帮助整理衣物、系扣/鞋带、拉拉链）'],
        [0, '需极大帮助或完全依赖他人'],
      ),
    },
    {
      code: 'B.1.5',
      name: '大便控制',
      options: o([10, '可控制大便'], [5, '偶尔失控（每周<1次），或需要他人提示'], [0, '完全失控']),
    },
    {
      code: 'B.1.6',
      name: '小便控制',
      options: o(
        [10, '可控制小便'],
        [5, '偶尔失控（每天<1次，但每周>1次），或需要他人提示'],
        [0, '完全失控，或留置导尿管'],
      ),
    },
    {
      code: 'B.1.7',
      name: '如厕',
      desc: '包括去厕所、解开衣裤、擦净、整理衣裤、冲水',
      options: o(
        [10, '可独立完成'],
        [5, '需部分帮助（需他人搀扶去厕所、需他人帮忙冲水或整理衣裤等）'],
        [0, '需极大帮助或完全依赖他人'],
      ),
    },
    {
      code: 'B.1.8',
      name: '床椅转移',
      options: o(
        [15, '可独立完成'],
        [10, '需部分帮助（需他人搀扶或使用拐杖）'],
        [5, '需极大帮助（较大程度上依赖他人搀扶和帮助）'],
        [0, '完全依赖他人'],
      ),
    },
    {
      code: 'B.1.9',
      name: '平地行走',
      options: o(
        [15, '可独立在平地上行走45m'],
        [10, '需部分帮助（在一定程度上需他人搀扶或使用拐杖、助行器等辅助用具）'],
        [5, '需极大帮助（在较大程度上依赖他人搀扶，或坐在轮椅上自行移动）'],
        [0, '完全依赖他人'],
      ),
    },
    {
      code: 'B.1.10',
      name: '上下楼梯',
      options: o(
        [10, '可独立上下楼梯（连续上下10～15个台阶）'],
        [5, '需部分帮助（需扶着楼梯、他人搀扶，或使用拐杖等）'],
        [0, '需极大帮助或完全依赖他人'],
      ),
    },
  ],
};

const MENTAL: ScaleSection = {
  code: 'B.2',
  name: '精神状态',
  scored: true,
  lowerIsBetter: true,
  rule: '0 能力完好：总分0分；1 轻度受损：1分；2 中度受损：2～3分；3 重度受损：4～6分',
  items: [
    {
      code: 'B.2.1',
      name: '认知功能',
      desc: '画钟测验（在时钟上标出10点45分）与回忆词语（苹果、手表、国旗）',
      options: ascending(
        '画钟正确（画出一个闭锁圆，指针位置准确），且能回忆出2～3个词',
        '画钟错误（画的圆不闭锁，或指针位置不准确），或只回忆出0～1个词',
        '已确诊为认知障碍，如老年痴呆',
      ),
    },
    {
      code: 'B.2.2',
      name: '攻击行为',
      options: ascending(
        '无身体攻击行为（如打/踢/推/咬/抓/摔东西）和语言攻击行为（如骂人、语言威胁、尖叫）',
        '每月有几次身体攻击行为，或每周有几次语言攻击行为',
        '每周有几次身体攻击行为，或每日有语言攻击行为',
      ),
    },
    {
      code: 'B.2.3',
      name: '抑郁症状',
      options: ascending('无', '情绪低落、不爱说话、不爱梳洗、不爱活动', '有自杀念头或自杀行为'),
    },
  ],
};

export const COMA_2013 = 3;
const PERCEPTION: ScaleSection = {
  code: 'B.3',
  name: '感知觉与沟通',
  scored: true,
  lowerIsBetter: true,
  rule: '按意识水平、视力、听力与沟通交流的组合分级（不按总分）',
  items: [
    {
      code: 'B.3.1',
      name: '意识水平',
      options: ascending(
        '神志清醒，对周围环境警觉',
        '嗜睡：睡眠状态过度延长，呼唤或推动肢体可唤醒，能正确交谈或执行指令，停止刺激后又入睡',
        '昏睡：一般外界刺激不能使其觉醒，较强烈刺激时可短时清醒，刺激减弱后又很快入睡',
        '昏迷：浅昏迷时对疼痛刺激有回避和痛苦表情；深昏迷时对刺激无反应（直接评定为重度失能）',
      ),
    },
    {
      code: 'B.3.2',
      name: '视力',
      desc: '若平日带老花镜或近视镜，应在佩戴眼镜的情况下评估',
      options: ascending(
        '能看清书报上的标准字体',
        '能看清楚大字体，但看不清书报上的标准字体',
        '视力有限，看不清报纸大标题，但能辨认物体',
        '辨认物体有困难，但眼睛能跟随物体移动，只能看到光、颜色和形状',
        '没有视力，眼睛不能跟随物体移动',
      ),
    },
    {
      code: 'B.3.3',
      name: '听力',
      desc: '若平时佩戴助听器，应在佩戴助听器的情况下评估',
      options: ascending(
        '可正常交谈，能听到电视、电话、门铃的声音',
        '在轻声说话或说话距离超过2米时听不清',
        '正常交流有些困难，需在安静的环境或大声说话才能听到',
        '讲话者大声说话或说话很慢，才能部分听见',
        '完全听不见',
      ),
    },
    {
      code: 'B.3.4',
      name: '沟通交流',
      desc: '包括非语言沟通',
      options: ascending(
        '无困难，能与他人正常沟通和交流',
        '能够表达自己的需要及理解别人的话，但需要增加时间或给予帮助',
        '表达需要或理解有困难，需频繁重复或简化口头表达',
        '不能表达需要或理解他人的话',
      ),
    },
  ],
};

const SOCIAL: ScaleSection = {
  code: 'B.4',
  name: '社会参与',
  scored: true,
  lowerIsBetter: true,
  rule: '0 能力完好：总分0～2分；1 轻度受损：3～7分；2 中度受损：8～13分；3 重度受损：14～20分',
  items: [
    {
      code: 'B.4.1',
      name: '生活能力',
      options: ascending(
        '除个人生活自理外（如饮食、洗漱、穿戴、二便），能料理家务（如做饭、洗衣）或当家管理事务',
        '除个人生活自理外，能做家务，但欠好，家庭事务安排欠条理',
        '个人生活能自理；只有在他人帮助下才能做些家务，但质量不好',
        '个人基本生活事务能自理（如饮食、二便），在督促下可洗漱',
        '个人基本生活事务（如饮食、二便）需要部分帮助或完全依赖他人帮助',
      ),
    },
    {
      code: 'B.4.2',
      name: '工作能力',
      options: ascending(
        '原来熟练的脑力工作或体力技巧性工作可照常进行',
        '原来熟练的脑力工作或体力技巧性工作能力有所下降',
        '原来熟练的脑力工作或体力技巧性工作明显不如以往，部分遗忘',
        '对熟练工作只有一些片段保留，技能全部遗忘',
        '对以往的知识或技能全部磨灭',
      ),
    },
    {
      code: 'B.4.3',
      name: '时间/空间定向',
      options: ascending(
        '时间观念（年、月、日、时）清楚；可单独出远门，能很快掌握新环境的方位',
        '时间观念有些下降，年、月、日清楚，但有时相差几天；可单独来往于近街，知道现住地的名称和方位，但不知回家路线',
        '时间观念较差，年、月、日不清楚，可知上半年或下半年；只能单独在家附近行动，对现住地只知名称，不知道方位',
        '时间观念很差，年、月、日不清楚，可知上午或下午；只能在左邻右舍间串门，对现住地不知名称和方位',
        '无时间观念；不能单独外出',
      ),
    },
    {
      code: 'B.4.4',
      name: '人物定向',
      options: ascending(
        '知道周围人们的关系，知道祖孙、叔伯、姑姨、侄子侄女等称谓的意义；可分辨陌生人的大致年龄和身份，可用适当称呼',
        '只知家中亲密近亲的关系，不会分辨陌生人的大致年龄，不能称呼陌生人',
        '只能称呼家中人，或只能照样称呼，不知其关系，不辨辈分',
        '只认识常同住的亲人，可称呼子女或孙子女，可辨熟人和生人',
        '只认识保护人，不辨熟人和生人',
      ),
    },
    {
      code: 'B.4.5',
      name: '社会交往能力',
      options: ascending(
        '参与社会，在社会环境有一定的适应能力，待人接物恰当',
        '能适应单纯环境，主动接触人，初见面时难让人发现智力问题，不能理解隐喻语',
        '脱离社会，可被动接触，不会主动待人，谈话中很多不适词句，容易上当受骗',
        '勉强可与人交往，谈吐内容不清楚，表情不恰当',
        '难以与人接触',
      ),
    },
  ],
};

export const CHANGE_2013 = {
  dementia: '有认知障碍/痴呆、精神疾病者，在原有能力级别上提高一个等级',
  risk: '近30天内发生过2次及以上跌倒、噎食、自杀、走失者，在原有能力级别上提高一个等级',
  coma: '处于昏迷状态者，直接评定为重度失能',
} as const;

const CHANGE: ScaleSection = {
  code: 'C',
  name: '等级变更条款',
  scored: false,
  items: [
    { code: 'C.1', name: '有认知障碍/痴呆、精神疾病', options: yesNo },
    { code: 'C.2', name: '近30天内发生过2次及以上跌倒、噎食、自杀、走失', options: yesNo },
  ],
};

/** The section grades (B.1: 100 → 0, 65–95 → 1, 45–60 → 2, ≤40 → 3). */
export const adlLevel = (score: number) => (score >= 100 ? 0 : score >= 65 ? 1 : score >= 45 ? 2 : 3);
const mentalLevel = (score: number) => (score === 0 ? 0 : score === 1 ? 1 : score <= 3 ? 2 : 3);
const socialLevel = (score: number) => (score <= 2 ? 0 : score <= 7 ? 1 : score <= 13 ? 2 : 3);
function perceptionLevel(a: Answers): number {
  const consciousness = a['B.3.1'] ?? 0;
  const sense = Math.max(a['B.3.2'] ?? 0, a['B.3.3'] ?? 0);
  const talk = a['B.3.4'] ?? 0;
  if (consciousness >= 2 || sense === 4 || talk === 3) return 3;
  if (consciousness === 1) return 2; // 嗜睡：视力或听力≤3，沟通≤2
  if (sense === 3 || talk === 2) return 2;
  if (sense === 2 || talk === 1) return 1;
  return 0;
}

/**
 * 能力初步等级 from the four grades, clause by clause as the standard words them. Where its clauses
 * overlap or leave a gap (日常生活活动 1 with one other grade ≤1 and another 3; 日常生活活动 2 with all
 * others 0), the milder matching clause wins and a gap takes the grade of 日常生活活动 (decisions.md).
 */
export function combine2013(adl: number, mental: number, perception: number, social: number): number {
  const others = [mental, perception, social];
  if (adl === 3) return 3;
  if (adl === 0) return mental === 0 && perception === 0 && social <= 1 ? 0 : 1;
  if (adl === 1) return others.some((l) => l <= 1) ? 1 : 2;
  // adl === 2
  if (others.some((l) => l === 3) || others.every((l) => l === 2)) return 3;
  return 2;
}

function grade(answers: Answers): Grade {
  const [adl, mental, perception, social] = [ADL, MENTAL, PERCEPTION, SOCIAL].map((s) =>
    sectionScore(s, answers),
  ) as [number, number, number, number];
  const levels = [adlLevel(adl), mentalLevel(mental), perceptionLevel(answers), socialLevel(social)] as const;
  const preliminary = combine2013(...levels);
  const reasons: string[] = [];
  let final = preliminary;
  if ((answers['B.3.1'] ?? 0) === COMA_2013) {
    if (preliminary < 3) reasons.push(CHANGE_2013.coma);
    final = 3;
  } else if (preliminary < 3) {
    // 初步等级为3重度失能者，不再考虑变更条款
    if (answers['C.1'] === 1) reasons.push(CHANGE_2013.dementia);
    if (answers['C.2'] === 1) reasons.push(CHANGE_2013.risk);
    final = Math.min(3, preliminary + reasons.length);
  }
  const sections = [ADL, MENTAL, PERCEPTION, SOCIAL].map((s, i) => ({
    code: s.code,
    name: s.name,
    score: [adl, mental, perception, social][i] ?? 0,
    level: levels[i],
  }));
  return { total: adl, sections, preliminary, final, reasons };
}

const sections = [ADL, MENTAL, PERCEPTION, SOCIAL, CHANGE];

export const scale2013: Scale = {
  type: 1,
  token: 'normal',
  name: '老年人能力评估（2013版）',
  standard: 'MZ/T 039-2013《老年人能力评估》',
  sections,
  levels: [
    { code: 0, name: '能力完好' },
    { code: 1, name: '轻度失能' },
    { code: 2, name: '中度失能' },
    { code: 3, name: '重度失能' },
  ],
  maxScore: maxScoreOf([ADL]),
  careSteps: [0, 1, 2, 3],
  // the standard's 重度失能 is its heaviest level: 能力等级 重度失能
  abilityLevels: [1, 2, 3, 4],
  grade,
};
