import { describe, expect, it } from 'vitest';
import { scaleEasy } from '../../../features/care/scales/easy.js';
import { scale2023, scale2023plus } from '../../../features/care/scales/gbt42195.js';
import { type Answers, answerProblem, itemsOf, type Scale } from '../../../features/care/scales/index.js';
import { scale2013 } from '../../../features/care/scales/mzt039.js';

/** Every item at its best option (adjustment facts 否, health questions the first option). */
const independent = (scale: Scale): Record<string, number> =>
  Object.fromEntries(
    scale.sections.flatMap((s) =>
      s.items.map((i) => [
        i.code,
        s.scored && !s.lowerIsBetter
          ? Math.max(...i.options.map((o) => o.value))
          : Math.min(...i.options.map((o) => o.value)),
      ]),
    ),
  );

/** Scored items lowered, first to last, until the scored total is `target` (higher is better). */
function withTotal(scale: Scale, target: number, base = independent(scale)): Record<string, number> {
  const answers = { ...base };
  let total = scale.grade(answers).total;
  for (const section of scale.sections.filter((s) => s.scored))
    for (const item of section.items)
      for (const option of [...item.options].sort((a, b) => b.value - a.value)) {
        const current = answers[item.code] ?? 0;
        if (total <= target) break;
        if (option.value >= current) continue;
        if (total - (current - option.value) < target) continue;
        total -= current - option.value;
        answers[item.code] = option.value;
      }
  expect(scale.grade(answers).total).toBe(target);
  return answers;
}

/** Every scored item at its worst option. */
const dependent = (scale: Scale) => withTotal(scale, 0);

describe('GB/T 42195-2022 (2023版)', () => {
  it('has 26 scored items worth 90 points', () => {
    expect(scale2023.sections.filter((s) => s.scored).flatMap((s) => s.items)).toHaveLength(26);
    expect(scale2023.maxScore).toBe(90);
    expect(scale2023.sections.map((s) => [s.name, s.items.length])).toEqual([
      ['自理能力', 8],
      ['基础运动能力', 4],
      ['精神状态', 9],
      ['感知觉与社会参与', 5],
      ['能力等级变更依据', 4],
    ]);
  });

  it('an elder independent in every item is 能力完好 (90)', () => {
    const g = scale2023.grade(independent(scale2023));
    expect(g).toMatchObject({ total: 90, preliminary: 0, final: 0, reasons: [] });
    expect(g.sections.map((s) => s.score)).toEqual([32, 15, 28, 15]);
  });

  it.each([
    [89, 1],
    [66, 1],
    [65, 2],
    [46, 2],
    [45, 3],
    [30, 3],
    [29, 4],
  ])('total %i is level %i at the boundary', (total, level) => {
    expect(scale2023.grade(withTotal(scale2023, total))).toMatchObject({
      total,
      preliminary: level,
      final: level,
    });
  });

  it('a fully dependent elder is 能力完全丧失 (0 points)', () => {
    expect(scale2023.grade(dependent(scale2023))).toMatchObject({ total: 0, preliminary: 4, final: 4 });
  });

  it('the adjustment clauses: one step up for any of them, coma straight to 完全失能, none beyond it', () => {
    const mild = withTotal(scale2023, 80);
    expect(scale2023.grade({ ...mild, 'C.2': 1 })).toMatchObject({ preliminary: 1, final: 2 });
    const all = scale2023.grade({ ...mild, 'C.2': 1, 'C.3': 1, 'C.4': 1 });
    expect(all).toMatchObject({ preliminary: 1, final: 2 });
    expect(all.reasons).toHaveLength(3);
    expect(scale2023.grade({ ...independent(scale2023), 'C.1': 1 })).toMatchObject({
      preliminary: 0,
      final: 4,
    });
    expect(scale2023.grade({ ...dependent(scale2023), 'C.4': 1 })).toMatchObject({ final: 4, reasons: [] });
  });

  it('2023增强版 grades the same 26 items; its A.5.11 昏迷 is the coma clause', () => {
    const answers = independent(scale2023plus);
    expect(scale2023plus.grade(answers)).toMatchObject({ total: 90, final: 0 });
    expect(scale2023plus.grade({ ...answers, 'A.5.11': 1 })).toMatchObject({ preliminary: 0, final: 4 });
    expect(scale2023plus.grade(withTotal(scale2023plus, 45))).toMatchObject({ final: 3 });
    expect(itemsOf(scale2023plus).length).toBe(itemsOf(scale2023).length + 6);
  });
});

describe('MZ/T 039-2013 (2013版)', () => {
  const adl = (total: number) => withTotal(scale2013, total);

  it('an elder independent in every item is 能力完好 (Barthel 100, every other indicator 0)', () => {
    const g = scale2013.grade(independent(scale2013));
    expect(g).toMatchObject({ total: 100, preliminary: 0, final: 0 });
    expect(g.sections.map((s) => s.level)).toEqual([0, 0, 0, 0]);
  });

  it.each([
    [95, 1],
    [65, 1],
    [60, 2],
    [45, 2],
    [40, 3],
  ])('Barthel %i alone (others 能力完好) is 日常生活活动 grade and ability level %i', (total, level) => {
    const g = scale2013.grade(adl(total));
    expect(g.sections[0]?.level).toBe(level);
    // ADL 1 with others ≤1 → 轻度; ADL 2 with others 0 → 中度; ADL 3 → 重度
    expect(g.preliminary).toBe(level);
  });

  it('grades the other indicators by the standard bands and combines them', () => {
    // 精神状态 total 1 → 轻度受损: ADL 0 with a mental grade 1 is 轻度失能
    expect(scale2013.grade({ ...independent(scale2013), 'B.2.3': 1 })).toMatchObject({ preliminary: 1 });
    // 社会参与 total 8 → 中度受损 (2): ADL 0 with social 2 is 轻度失能
    const social8 = { ...independent(scale2013), 'B.4.1': 4, 'B.4.2': 4 };
    expect(scale2013.grade(social8).sections[3]).toMatchObject({ score: 8, level: 2 });
    // ADL 1 with mental, perception, social all 2 → 中度失能
    const allTwo = { ...adl(80), 'B.2.1': 2, 'B.3.3': 3, 'B.4.1': 4, 'B.4.2': 4 };
    expect(scale2013.grade(allTwo).sections.map((s) => s.level)).toEqual([1, 2, 2, 2]);
    expect(scale2013.grade(allTwo).preliminary).toBe(2);
    // ADL 2 with every other indicator 2 → 重度失能
    expect(
      scale2013.grade({ ...allTwo, ...adl(50), 'B.2.1': 2, 'B.3.3': 3, 'B.4.1': 4, 'B.4.2': 4 }).preliminary,
    ).toBe(3);
  });

  it('等级变更: each clause one level up, coma straight to 重度失能, 重度 stays', () => {
    expect(scale2013.grade({ ...independent(scale2013), 'C.1': 1 })).toMatchObject({
      preliminary: 0,
      final: 1,
    });
    expect(scale2013.grade({ ...independent(scale2013), 'C.1': 1, 'C.2': 1 })).toMatchObject({ final: 2 });
    expect(scale2013.grade({ ...independent(scale2013), 'B.3.1': 3 })).toMatchObject({ final: 3 });
    expect(scale2013.grade({ ...adl(40), 'C.1': 1 })).toMatchObject({
      preliminary: 3,
      final: 3,
      reasons: [],
    });
  });

  it('a fully dependent elder is 重度失能', () => {
    const worst: Answers = Object.fromEntries(
      itemsOf(scale2013).map((i) => [
        i.code,
        i.code.startsWith('B.1') ? 0 : Math.max(...i.options.map((o) => o.value)),
      ]),
    );
    expect(scale2013.grade(worst)).toMatchObject({ total: 0, preliminary: 3, final: 3 });
  });
});

describe('简易评估', () => {
  it.each([
    [100, 0],
    [95, 1],
    [65, 1],
    [60, 2],
    [0, 2],
  ])('Barthel %i is level %i', (total, level) => {
    expect(scaleEasy.grade(withTotal(scaleEasy, total))).toMatchObject({ total, final: level });
  });
});

describe('answers', () => {
  it('refuses an answer outside the options, naming the item, and an unfinished final submit', () => {
    expect(answerProblem(scale2023, { 'B.1.1': 5 }, false)).toBe(
      '“进食”的答案不在可选项中，请在4、3、2、1、0中选择',
    );
    expect(answerProblem(scale2023, { 'X.1': 1 }, false)).toBe('评估项“X.1”不属于老年人能力评估（2023版）');
    expect(answerProblem(scale2023, { 'B.1.1': 4 }, false)).toBeNull();
    expect(answerProblem(scale2023, { 'B.1.1': 4 }, true)).toBe('请完成评估项“修饰”');
    expect(answerProblem(scale2023, independent(scale2023), true)).toBeNull();
  });
});
