import {
  type Answers,
  descending,
  type Grade,
  maxScoreOf,
  type Scale,
  type ScaleSection,
  sectionScore,
  yesNo,
} from './types.js';

/**
 * GB/T 42195-2022《老年人能力评估规范》 (in force 2023, the spec's "2023" kinds): 26 items in four
 * first-level indicators, 90 points in all (higher is better); the total gives the preliminary
 * level, the adjustment clauses the final one. Sources: docs/decisions.md.
 */
const assisted = (top = 4) =>
  descending(
    top,
    '独立完成，不需要协助',
    '在他人指导或提示下完成',
    '需要他人协助，但以自身完成为主',
    '主要依靠他人协助，自身能给予配合',
    '完全依赖他人协助，且不能给予配合',
  );

const SELF_CARE: ScaleSection = {
  code: 'B.1',
  name: '自理能力',
  scored: true,
  items: [
    {
      code: 'B.1.1',
      name: '进食',
      desc: '使用适当的器具将食物送入口中并咽下',
      options: descending(
        4,
        '独立使用器具将食物送进口中并咽下，没有呛咳',
        '在他人指导或提示下完成，或独立使用辅具，没有呛咳',
        '进食中需要少量接触式协助，偶尔（每月一次及以上）呛咳',
        '在进食中需要大量接触式协助，经常（每周一次及以上）呛咳',
        '完全依赖他人协助进食，或吞咽困难，或留置营养管',
      ),
    },
    { code: 'B.1.2', name: '修饰', desc: '指洗脸、刷牙、梳头、刮脸、剪指（趾）甲等', options: assisted() },
    { code: 'B.1.3', name: '洗澡', desc: '清洗和擦干身体', options: assisted() },
    { code: 'B.1.4', name: '穿/脱上衣', desc: '指穿/脱上身衣服、系扣、拉拉链等', options: assisted() },
    { code: 'B.1.5', name: '穿/脱裤子和鞋袜', desc: '指穿/脱裤子、鞋袜等', options: assisted() },
    {
      code: 'B.1.6',
      name: '小便控制',
      desc: '控制和排出尿液的能力',
      options: descending(
        4,
        '可自行控制排尿，排尿次数、排尿控制均正常',
        '白天可自行控制排尿次数，夜间出现排尿次数增多、排尿控制较差，或自行使用尿布、尿垫等辅助用物',
        '白天大部分时间可自行控制排尿，偶出现（每天<1次，但每周>1次）尿失禁，夜间控制排尿较差，或他人少量协助使用尿布、尿垫等辅助用物',
        '白天大部分时间不能控制排尿（每天≥1次，但尚非完全失控），夜间出现尿失禁，或他人大量协助使用尿布、尿垫等辅助用物',
        '小便失禁，完全不能控制排尿，或留置导尿管',
      ),
    },
    {
      code: 'B.1.7',
      name: '大便控制',
      desc: '控制和排出粪便的能力',
      options: descending(
        4,
        '可正常自行控制大便排出',
        '有时出现（每周<1次）便秘或大便失禁，或自行使用开塞露、尿垫等辅助用物',
        '经常出现（每天<1次，但每周>1次）便秘或大便失禁，或他人少量协助使用开塞露、尿垫等辅助用物',
        '大部分时间均出现（每天≥1次）便秘或大便失禁，但尚非完全失控，或他人大量协助使用开塞露、尿垫等辅助用物',
        '严重便秘或者完全大便失禁，需要依赖他人协助排便或清洁皮肤',
      ),
    },
    { code: 'B.1.8', name: '如厕', desc: '上厕所排泄大小便，并清洁身体', options: assisted() },
  ],
};

const MOTOR: ScaleSection = {
  code: 'B.2',
  name: '基础运动能力',
  scored: true,
  items: [
    { code: 'B.2.1', name: '床上体位转移', desc: '卧床翻身及坐起躺下', options: assisted() },
    { code: 'B.2.2', name: '床椅转移', desc: '从坐位到站位，再从站位到坐位的转换过程', options: assisted() },
    {
      code: 'B.2.3',
      name: '平地行走',
      desc: '双脚交互的方式在地面行动，总是一只脚在前（包括他人辅助和使用辅具的步行）',
      options: descending(
        4,
        '独立平地步行50m左右，不需要协助，无摔倒风险',
        '能平地步行50m左右，存在摔倒风险，需要他人监护或指导，或使用拐杖、助行器等辅助工具',
        '在步行时需要他人少量扶持协助',
        '在步行时需要他人大量扶持协助',
        '完全不能步行',
      ),
    },
    {
      code: 'B.2.4',
      name: '上下楼梯',
      desc: '双脚交替完成楼梯台阶连续的上下移动',
      options: descending(
        3,
        '可独立上下楼梯（连续上下10～15个台阶），不需要协助',
        '在他人指导或提示下完成',
        '需要他人协助，但以自身完成为主',
        '主要依靠他人协助，自身能给予配合；或者完全依赖他人协助，且不能给予配合',
      ),
    },
  ],
};

const MENTAL: ScaleSection = {
  code: 'B.3',
  name: '精神状态',
  scored: true,
  items: [
    {
      code: 'B.3.1',
      name: '时间定向',
      desc: '知道并确认时间的能力',
      options: descending(
        4,
        '时间观念（年、月）清楚，日期（或星期几）可相差一天',
        '时间观念有些下降，年、月、日（或星期几）不能全部分清（相差两天或以上）',
        '时间观念较差，年、月、日不清楚，可知上半年或下半年或季节',
        '时间观念很差，年、月、日不清楚，可知上午、下午或白天、夜间',
        '无时间观念',
      ),
    },
    {
      code: 'B.3.2',
      name: '空间定向',
      desc: '知道并确认空间的能力',
      options: descending(
        4,
        '能在日常生活范围内单独外出，如在日常居住小区内独自外出购物等',
        '不能单独外出，但能准确知道自己日常生活所在地的地址信息',
        '不能单独外出，但知道较多有关自己日常生活的地址信息',
        '不能单独外出，但知道较少自己居住或生活所在地的地址信息',
        '不能单独外出，无空间观念',
      ),
    },
    {
      code: 'B.3.3',
      name: '人物定向',
      desc: '知道并确认人物的能力',
      options: descending(
        4,
        '认识长期共同一起生活的人，能称呼并知道关系',
        '能认识大部分共同生活居住的人，能称呼或知道关系',
        '能认识部分日常同住的亲人或照护者等，能称呼或知道关系等',
        '只认识自己或极少数日常同住的亲人或照护者等',
        '不认识任何人（包括自己）',
      ),
    },
    {
      code: 'B.3.4',
      name: '记忆',
      desc: '短时、近期和远期记忆能力',
      options: descending(
        4,
        '总是能保持与社会、年龄所适应的记忆能力，能完整的回忆',
        '出现轻度的记忆紊乱或回忆不能（不能回忆即时信息，3个词语经过5分钟后仅能回忆0～1个）',
        '出现中度的记忆紊乱或回忆不能（不能回忆近期记忆，不记得上一顿饭吃了什么）',
        '出现重度的记忆紊乱或回忆不能（不能回忆远期记忆，不记得自己的老朋友）',
        '记忆完全紊乱或者完全不能对既往事物进行正确的回忆',
      ),
    },
    {
      code: 'B.3.5',
      name: '理解能力',
      desc: '理解语言信息和非语言信息的能力（可借助平时使用的助听设备等），即理解别人的话',
      options: descending(
        4,
        '能正常理解他人的话',
        '能理解他人的话，但需要增加时间',
        '理解有困难，需频繁重复或简化口头表达',
        '理解有严重困难，需要大量他人帮助',
        '完全不能理解他人的话',
      ),
    },
    {
      code: 'B.3.6',
      name: '表达能力',
      desc: '表达信息能力，包括口头的和非口头的，即表达自己的想法',
      options: descending(
        4,
        '能正常表达自己的想法',
        '能表达自己的需要，但需要增加时间',
        '表达需要有困难，需频繁重复或简化口头表达',
        '表达有严重困难，需要大量他人帮助',
        '完全不能表达需要',
      ),
    },
    {
      code: 'B.3.7',
      name: '攻击行为',
      desc: '身体攻击行为（如打/踢/推/咬/抓/摔东西）和语言攻击行为（如骂人、语言威胁、尖叫）',
      options: descending(1, '未出现', '近一个月内出现过攻击行为'),
    },
    {
      code: 'B.3.8',
      name: '抑郁症状',
      desc: '存在情绪低落、兴趣减退、活力减退等症状，甚至出现妄想、幻觉、自杀念头或自杀行为',
      options: descending(1, '未出现', '近一个月内出现过负性情绪'),
    },
    {
      code: 'B.3.9',
      name: '意识水平',
      desc: '机体对自身和周围环境的刺激做出应答反应的能力程度，包括清醒和持续的觉醒状态',
      options: descending(
        2,
        '神志清醒，对周围环境能做出正确反应',
        '嗜睡或意识模糊：呼唤或推动肢体时可唤醒并能正确交谈或执行指令，停止刺激后又继续入睡；或注意力涣散、定向力障碍',
        '昏睡或昏迷：一般的外界刺激不能使其觉醒，或意识丧失、对一般刺激全无反应',
      ),
    },
  ],
};

const SENSE_SOCIAL: ScaleSection = {
  code: 'B.4',
  name: '感知觉与社会参与',
  scored: true,
  items: [
    {
      code: 'B.4.1',
      name: '视力',
      desc: '感受存在的光线并感受物体的大小、形状的能力，在个体的最好矫正视力下进行评估',
      options: descending(
        2,
        '视力正常',
        '能看清楚大字体，但看不清书报上的标准字体；视力有限，看不清报纸大标题，但能辨认物体',
        '只能看到光、颜色和形状；完全失明',
      ),
    },
    {
      code: 'B.4.2',
      name: '听力',
      desc: '能辨别声音的方位、音调、音量和音质的有关能力（可借助平时使用助听设备等）',
      options: descending(
        2,
        '听力正常',
        '在轻声说话或说话距离超过两米时听不清；正常交流有些困难，需在安静的环境或大声说话才能听到',
        '讲话者大声说话或说话很慢，才能部分听见；完全失聪',
      ),
    },
    {
      code: 'B.4.3',
      name: '执行日常事务',
      desc: '计划、安排并完成日常事务，包括但不限于洗衣服、小金额购物、服药管理',
      options: descending(
        4,
        '能完全独立计划、安排和完成日常事务，无需协助',
        '在计划、安排和完成日常事务时需要他人监护或指导',
        '在计划、安排和完成日常事务时需要少量协助',
        '在计划、安排和完成日常事务时需要大量协助',
        '完全依赖他人进行日常事务',
      ),
    },
    {
      code: 'B.4.4',
      name: '使用交通工具外出',
      options: descending(
        3,
        '能自己骑车或搭乘公共交通工具外出',
        '能自己搭乘出租车，但不会搭乘其他公共交通工具外出',
        '当有人协助或陪伴，可搭乘公共交通工具外出',
        '只能在他人协助下搭乘出租车或私家车外出；完全不能出门，或者外出完全需要协助',
      ),
    },
    {
      code: 'B.4.5',
      name: '社会交往能力',
      options: descending(
        4,
        '参与社会，在社会环境有一定的适应能力，待人接物恰当',
        '能适应单纯环境，主动接触他人，初次见面时难让人发现智力问题，不能理解隐喻语',
        '脱离社会，可被动接触，不会主动待他人，谈话中很多不适词句，容易上当受骗',
        '勉强可与他人接触，谈吐内容不清楚，表情不恰当',
        '不能与人交往',
      ),
    },
  ],
};

export const CHANGE_2023 = {
  coma: '处于昏迷状态者，直接评定为能力完全丧失（完全失能）',
  dementia: '确诊为认知障碍/痴呆，在原有能力级别上提高一个级别',
  mental: '确诊为精神科专科疾病，在原有能力级别上提高一个级别',
  risk: '近30天内发生过2次及以上照护风险事件（如跌倒、噎食、自杀、自伤、走失等），在原有能力级别上提高一个级别',
} as const;

const CHANGE: ScaleSection = {
  code: 'C',
  name: '能力等级变更依据',
  scored: false,
  items: [
    { code: 'C.1', name: '处于昏迷状态', options: yesNo },
    { code: 'C.2', name: '确诊为认知障碍/痴呆', options: yesNo },
    { code: 'C.3', name: '确诊为精神科专科疾病', options: yesNo },
    { code: 'C.4', name: '近30天内发生过2次及以上照护风险事件', options: yesNo },
  ],
};

/** 能力完好 90；轻度失能 66–89；中度失能 46–65；重度失能 30–45；完全失能 0–29. */
export const LEVELS_2023 = [
  { code: 0, name: '能力完好', min: 90 },
  { code: 1, name: '能力轻度受损（轻度失能）', min: 66 },
  { code: 2, name: '能力中度受损（中度失能）', min: 46 },
  { code: 3, name: '能力重度受损（重度失能）', min: 30 },
  { code: 4, name: '能力完全丧失（完全失能）', min: 0 },
] as const;

export const level2023 = (total: number) => LEVELS_2023.find((l) => total >= l.min)?.code ?? 4;

const SCORED = [SELF_CARE, MOTOR, MENTAL, SENSE_SOCIAL];

/** The grade of the 26 items and the adjustment facts; `coma` adds another way to know the elder is in a coma. */
export function grade2023(answers: Answers, coma = false): Grade {
  const sections = SCORED.map((s) => ({ code: s.code, name: s.name, score: sectionScore(s, answers) }));
  const total = sections.reduce((n, s) => n + s.score, 0);
  const preliminary = level2023(total);
  const reasons: string[] = [];
  let final = preliminary;
  if (answers['C.1'] === 1 || coma) {
    if (preliminary < 4) reasons.push(CHANGE_2023.coma);
    final = 4;
  } else {
    if (answers['C.2'] === 1) reasons.push(CHANGE_2023.dementia);
    if (answers['C.3'] === 1) reasons.push(CHANGE_2023.mental);
    if (answers['C.4'] === 1) reasons.push(CHANGE_2023.risk);
    // "有以下情况之一者，在原有能力级别上提高一个级别": one step whichever and however many apply.
    if (reasons.length && preliminary < 4) final = preliminary + 1;
    else reasons.length = 0;
  }
  return { total, sections, preliminary, final, reasons };
}

const levels = LEVELS_2023.map(({ code, name }) => ({ code, name }));

export const scale2023: Scale = {
  type: 2,
  token: 'normal-2023',
  name: '老年人能力评估（2023版）',
  standard: 'GB/T 42195-2022《老年人能力评估规范》',
  sections: [...SCORED, CHANGE],
  levels,
  maxScore: maxScoreOf(SCORED),
  careSteps: [0, 1, 2, 2, 3],
  abilityLevels: [1, 2, 3, 4, 5],
  grade: (answers) => grade2023(answers),
};

/**
 * 2023增强版: the 2023 instrument plus the standard's own health questions (附录A A.5 健康相关问题,
 * recorded, not scored) — a fuller intake record for care planning. A.5.11 昏迷 counts as the coma
 * clause. Option values of these questions are their positions.
 */
const ordinal = (...labels: string[]) => labels.map((label, value) => ({ value, label }));
const HEALTH: ScaleSection = {
  code: 'A.5',
  name: '健康相关问题',
  scored: false,
  items: [
    {
      code: 'A.5.1',
      name: '压力性损伤',
      options: ordinal(
        '无',
        'Ⅰ期：皮肤完好，出现指压不会变白的红印',
        'Ⅱ期：皮肤真皮层损失、暴露，出现水疱',
        'Ⅲ期：全层皮肤缺失，可见脂肪、肉芽组织以及边缘内卷',
        'Ⅳ期：全层皮肤、组织缺失，可见肌腱、肌肉、腱膜，以及边缘内卷，伴随隧道、潜行',
        '不可分期：全身皮肤、组织被腐肉、焦痂掩盖，无法确认组织缺失程度',
      ),
    },
    {
      code: 'A.5.2',
      name: '关节活动度',
      options: ordinal('无，不影响日常生活功能', '是，影响日常生活功能', '无法判断'),
    },
    {
      code: 'A.5.5',
      name: '疼痛感',
      desc: '通过表情反应和询问来判断',
      options: ordinal(
        '无疼痛',
        '轻度疼痛',
        '中度疼痛（尚可忍受的程度）',
        '重度疼痛（无法忍受的程度）',
        '不知道或无法判断',
      ),
    },
    { code: 'A.5.9', name: '营养不良：体质指数（BMI）低于正常值', options: ordinal('无', '有') },
    { code: 'A.5.10', name: '清理呼吸道无效', options: ordinal('无', '有') },
    { code: 'A.5.11', name: '昏迷', options: ordinal('无', '有') },
  ],
};

export const scale2023plus: Scale = {
  type: 3,
  token: 'normal-2023-plus',
  name: '老年人能力评估（2023增强版）',
  standard: 'GB/T 42195-2022《老年人能力评估规范》附录A、B',
  sections: [HEALTH, ...SCORED, CHANGE],
  levels,
  maxScore: maxScoreOf(SCORED),
  careSteps: [0, 1, 2, 2, 3],
  abilityLevels: [1, 2, 3, 4, 5],
  grade: (answers) => grade2023(answers, answers['A.5.11'] === 1),
};
