import { scaleEasy } from './easy.js';
import { scale2023, scale2023plus } from './gbt42195.js';
import { scale2013 } from './mzt039.js';
import type { Scale } from './types.js';

/** The four kinds of assessment (spec 000 §3 assessment type; spec 001 §7 getAssessmentIssue/{token}). */
export const scales: readonly Scale[] = [scaleEasy, scale2013, scale2023, scale2023plus];

export const scaleOfType = (type: number): Scale | undefined => scales.find((s) => s.type === type);
export const scaleOfToken = (token: string): Scale | undefined => scales.find((s) => s.token === token);

export type { Answers, Grade, Scale, ScaleItem, ScaleSection } from './types.js';
export { answerProblem, itemsOf } from './types.js';
