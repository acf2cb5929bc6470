/**
 * An assessment instrument as data (spec 001 §7 "getAssessmentIssue/{type}"): sections of items,
 * each item a choice among options, and a pure grading function. The console renders the form
 * from it, the server validates the answers and computes the grade with the same object.
 */
export interface ScaleOption {
  /** What is stored as the answer: the item's score for scored items. */
  value: number;
  label: string;
}

export interface ScaleItem {
  /** Stable code, the answer's key: 'B.1.1'. */
  code: string;
  name: string;
  /** What the item asks (the standard's definition). */
  desc?: string;
  options: readonly ScaleOption[];
}

export interface ScaleSection {
  code: string;
  name: string;
  /** Items that add to the score; a record-only section (health questions, adjustment facts) is not. */
  scored: boolean;
  /** Scores count impairment (MZ/T 039-2013 精神状态, 感知觉与沟通, 社会参与): 0 is the best answer. */
  lowerIsBetter?: boolean;
  items: readonly ScaleItem[];
  /** The grading of the section, as the standard words it (shown under the section). */
  rule?: string;
}

export interface ScaleLevel {
  /** The grade's code in the final-grade table (assessFinalGrade.gradeCode). */
  code: number;
  name: string;
}

export type Answers = Readonly<Record<string, number>>;

export interface SectionResult {
  code: string;
  name: string;
  score: number;
  /** The section's grade (0 能力完好 … 3 重度受损), where the standard grades sections. */
  level?: number;
}

export interface Grade {
  total: number;
  sections: SectionResult[];
  /** 初步等级: from the scores alone. */
  preliminary: number;
  /** 最终等级: after the standard's adjustment clauses. */
  final: number;
  /** The adjustment clauses that changed the level, in the standard's words. */
  reasons: string[];
}

export interface Scale {
  /** assessment type (spec 000 §3: 0 simple, 1 2013, 2 2023, 3 2023 plus). */
  type: 0 | 1 | 2 | 3;
  /** The path token of getAssessmentIssue/{token}. */
  token: 'easy' | 'normal' | 'normal-2023' | 'normal-2023-plus';
  name: string;
  /** The standard it follows. */
  standard: string;
  sections: readonly ScaleSection[];
  levels: readonly ScaleLevel[];
  /** The total's upper bound (sum of each scored item's best option). */
  maxScore: number;
  /**
   * Each level's step on the institution's care levels in their order (0 the lightest): the care
   * level a grade suggests (docs/decisions.md).
   */
  careSteps: readonly number[];
  /**
   * Each level's 能力等级 on the elder's profile (dictionary selfCareAbility: 1 能力完好 … 5 完全失能),
   * set by 采纳建议; null for a screening that decides no level (简易评估).
   */
  abilityLevels: readonly number[] | null;
  grade(answers: Answers): Grade;
}

export const itemsOf = (scale: Scale): ScaleItem[] => scale.sections.flatMap((s) => s.items);

/** The sum of a section's answered items. */
export const sectionScore = (section: ScaleSection, answers: Answers) =>
  section.items.reduce((sum, item) => sum + (answers[item.code] ?? 0), 0);

/** Best option of each scored item, summed. */
export const maxScoreOf = (sections: readonly ScaleSection[]) =>
  sections
    .filter((s) => s.scored)
    .reduce((sum, s) => sum + s.items.reduce((n, i) => n + Math.max(...i.options.map((o) => o.value)), 0), 0);

/**
 * Why the answers cannot be stored, in Chinese, naming the item; null when they can. An interim
 * save may leave items out; a final submit needs every item.
 */
export function answerProblem(
  scale: Scale,
  answers: Record<string, unknown>,
  complete: boolean,
): string | null {
  const items = new Map(itemsOf(scale).map((i) => [i.code, i]));
  for (const [code, value] of Object.entries(answers)) {
    const item = items.get(code);
    if (!item) return `评估项“${code}”不属于${scale.name}`;
    if (!item.options.some((o) => o.value === value))
      return `“${item.name}”的答案不在可选项中，请在${item.options.map((o) => o.value).join('、')}中选择`;
  }
  if (complete)
    for (const item of items.values())
      if (answers[item.code] === undefined) return `请完成评估项“${item.name}”`;
  return null;
}

/** Yes/no options of an adjustment fact. */
export const yesNo: readonly ScaleOption[] = [
  { value: 0, label: '否' },
  { value: 1, label: '是' },
];

/** Options scored from the best down: opts('a', 'b', 'c') with scores 2, 1, 0 (or the given top). */
export const descending = (top: number, ...labels: string[]): ScaleOption[] =>
  labels.map((label, i) => ({ value: top - i, label }));
