import { countQuantity } from './api.js';

/** One line of a stocktake as the count dialog holds it: the snapshot's book figure, the typed count. */
export interface CountLine {
  skuId: number;
  skuName: string;
  bookQuantity: number;
}

/**
 * What is wrong with the typed counts, line by line (issue #42 point 4): a count that is no whole
 * number ≥ 0 always; a blank one only when posting (saving keeps blanks for later). Checked before
 * 过账 asks “确定？”, so the confirmation never comes before a refusal.
 */
export function countErrors(
  lines: readonly CountLine[],
  counts: Readonly<Record<number, string>>,
  posting: boolean,
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const l of lines) {
    const raw = (counts[l.skuId] ?? '').trim();
    if (!raw) {
      if (posting) errors[l.skuId] = '请填写实盘数量';
      continue;
    }
    const checked = countQuantity.safeParse(raw);
    if (!checked.success) errors[l.skuId] = checked.error.issues[0]?.message ?? '实盘数量无效';
  }
  return errors;
}

/** The summary above the lines: 还有6种物品未录入实盘数量：大米、食用油、洗衣粉… */
export function uncountedMessage(lines: readonly CountLine[], errors: Readonly<Record<number, string>>) {
  const blank = lines.filter((l) => errors[l.skuId] === '请填写实盘数量');
  const bad = lines.filter((l) => errors[l.skuId] && errors[l.skuId] !== '请填写实盘数量');
  return [
    blank.length
      ? `还有${blank.length}种物品未录入实盘数量：${blank
          .slice(0, 3)
          .map((l) => l.skuName)
          .join('、')}${blank.length > 3 ? '等' : ''}，可逐项填写或点“未盘点按账面数填入”`
      : '',
    bad.length ? `${bad[0]?.skuName}：${errors[bad[0]?.skuId ?? 0]}` : '',
  ]
    .filter(Boolean)
    .join('；');
}

/** 未盘点按账面数填入: every blank count takes the line's book figure; typed counts stay. */
export function fillFromBook(lines: readonly CountLine[], counts: Readonly<Record<number, string>>) {
  const filled: Record<number, string> = { ...counts };
  let n = 0;
  for (const l of lines)
    if (!(counts[l.skuId] ?? '').trim()) {
      filled[l.skuId] = String(l.bookQuantity);
      n += 1;
    }
  return { counts: filled, filled: n };
}
