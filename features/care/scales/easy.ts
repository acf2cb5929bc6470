import { ADL, adlLevel } from './mzt039.js';
import { type Answers, type Grade, maxScoreOf, type Scale, sectionScore } from './types.js';

/**
 * 简易评估: a short screening form for a quick first look (a consultation, an outing return): the
 * ten Barthel items of MZ/T 039-2013 B.1 (日常生活活动, 0–100), graded with that standard's own
 * bands — 100 自理 (能力完好); 65–95 半失能 (轻度受损); ≤60 失能 (中度或重度受损). The grade codes
 * are the seeded final-grade rows of type 0. A full assessment (2013 or 2023) decides the care level.
 */
export const easyLevel = (score: number) => Math.min(2, adlLevel(score));

function grade(answers: Answers): Grade {
  const score = sectionScore(ADL, answers);
  const level = easyLevel(score);
  return {
    total: score,
    sections: [{ code: ADL.code, name: ADL.name, score, level: adlLevel(score) }],
    preliminary: level,
    final: level,
    reasons: [],
  };
}

export const scaleEasy: Scale = {
  type: 0,
  token: 'easy',
  name: '简易评估',
  standard: 'MZ/T 039-2013 B.1 日常生活活动（Barthel指数）',
  sections: [ADL],
  levels: [
    { code: 0, name: '自理' },
    { code: 1, name: '半失能' },
    { code: 2, name: '失能' },
  ],
  maxScore: maxScoreOf([ADL]),
  careSteps: [0, 1, 2],
  // a screening: its 半失能/失能 are no 能力等级 of GB/T 42195 (decisions.md)
  abilityLevels: null,
  grade,
};
