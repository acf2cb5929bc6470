/**
 * What an elder's monthly bill is made of (spec 001 "Expense": bills from charge items, care level
 * and discounts). Pure: the route and the benchmark feed it rows and write what it returns.
 * Amounts are integer fen; a monthly item of an elder who arrived or left within the month is
 * charged for the days present, rounded half up to the fen.
 */

export interface ChargeProject {
  projectId: number;
  projectName: string;
  /** Fen per unit. */
  price: number;
  /** 1 per month, 2 per day, 3 per time. */
  chargeUnit: number;
  /** 0 only through an elder's cost settings, 1 every resident. */
  chargeScope: number;
  /**
   * 1: the bed charge item (按床位定价). A monthly one is charged at the price of the elder's bed
   * when the bed has one (机构档案), else at its own.
   */
  priceByBed?: number;
}

export interface CostSetting {
  projectId: number;
  /** Fen; null takes the project's price. */
  price: number | null;
  quantity: number;
  startMonth: string | null;
  endMonth: string | null;
}

export interface DiscountRule {
  setId: number;
  discountRuleName: string;
  /** 1 满赠, 2 满免. */
  ruleType: number;
  threshold: number;
  benefit: number;
  startDate: string;
  endDate: string | null;
}

export interface BillElder {
  oldmanId: number;
  nursingLevel: string | null;
  checkInDate: string | null;
  leaveDate: string | null;
  /** The bed held now: its price, if it has one, prices the bed charge item for the whole month. */
  bedId?: number | null;
}

export interface BillLine {
  projectId: number | null;
  projectName: string;
  quantity: number;
  unitFen: number;
  /** Days charged when not the whole month (monthly and daily items). */
  days: number | null;
  amountFen: number;
  kind: 'charge' | 'discount';
}

export interface MonthBill {
  lines: BillLine[];
  totalFen: number;
  discountFen: number;
  payableFen: number;
  /** The 满免 rule applied, if any. */
  discountRule: DiscountRule | null;
}

export interface BillSources {
  /** Enabled projects by id. */
  projects: ReadonlyMap<number, ChargeProject>;
  /** Care level name → monthly fee in fen. */
  levelFees: ReadonlyMap<string, { levelName: string; fee: number }>;
  /** Enabled 满免 rules. */
  discountRules: readonly DiscountRule[];
  /** Fen per month of each bed that has a price of its own (bedId → fen). */
  bedPrices?: ReadonlyMap<number, number>;
  /** Fee changes of each level by level name, oldest first (a change counts from its day on). */
  levelFeeChanges?: ReadonlyMap<string, readonly LevelFeeChange[]>;
  /** Level changes of each elder, oldest first. */
  elderLevelChanges?: ReadonlyMap<number, readonly ElderLevelChange[]>;
}

export interface LevelFeeChange {
  effectiveDate: string;
  oldFee: number;
  newFee: number;
}
export interface ElderLevelChange {
  effectiveDate: string;
  oldLevel: string;
  newLevel: string;
}

/** 'YYYY-MM' → its first and last day and day count. */
export function monthSpan(month: string): { first: string; last: string; days: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}`, days };
}

/** Days of the month the elder was in the house (arrival and leaving days both count). */
export function daysPresent(elder: BillElder, month: string): number {
  const { first, last, days } = monthSpan(month);
  const from = elder.checkInDate && elder.checkInDate > first ? elder.checkInDate : first;
  const to = elder.leaveDate && elder.leaveDate < last ? elder.leaveDate : last;
  if (from > to) return 0;
  const day = (s: string) => Number(s.slice(8, 10));
  return Math.min(days, day(to) - day(from) + 1);
}

/** fen × numerator / denominator, rounded half up, in integers. */
export const prorate = (fen: number, numerator: number, denominator: number) =>
  Math.floor((2 * fen * numerator + denominator) / (2 * denominator));

const inMonth = (s: CostSetting, month: string) => {
  const { first, last } = monthSpan(month);
  return (!s.startMonth || s.startMonth <= last) && (!s.endMonth || s.endMonth >= first);
};

function charge(
  projectId: number | null,
  projectName: string,
  unitFen: number,
  chargeUnit: number,
  quantity: number,
  present: number,
  monthDays: number,
): BillLine {
  if (chargeUnit === 1) {
    const whole = present === monthDays;
    const amountFen = whole ? unitFen * quantity : prorate(unitFen * quantity, present, monthDays);
    return {
      projectId,
      projectName,
      quantity,
      unitFen,
      days: whole ? null : present,
      amountFen,
      kind: 'charge',
    };
  }
  if (chargeUnit === 2)
    return {
      projectId,
      projectName,
      quantity,
      unitFen,
      days: present,
      amountFen: unitFen * quantity * present,
      kind: 'charge',
    };
  return {
    projectId,
    projectName,
    quantity,
    unitFen,
    days: null,
    amountFen: unitFen * quantity,
    kind: 'charge',
  };
}

/** The best 满免 rule valid on the month's last day that the total reaches (rules do not add up). */
export function bestFullFree(
  rules: readonly DiscountRule[],
  totalFen: number,
  onDay: string,
): DiscountRule | null {
  let best: DiscountRule | null = null;
  for (const r of rules) {
    if (r.ruleType !== 2 || r.startDate > onDay || (r.endDate && r.endDate < onDay)) continue;
    if (totalFen >= r.threshold && (!best || r.benefit > best.benefit)) best = r;
  }
  return best;
}

/**
 * What a unit of an item costs the elder: the elder's own setting, else — for the monthly bed charge
 * item — the price of the elder's bed when it has one, else the item's price.
 */
export function unitPrice(
  project: ChargeProject,
  elder: BillElder,
  sources: BillSources,
  setting: CostSetting | null = null,
): number {
  if (setting?.price !== null && setting?.price !== undefined) return setting.price;
  const byBed = project.priceByBed === 1 && project.chargeUnit === 1 && elder.bedId != null;
  const bedPrice = byBed ? sources.bedPrices?.get(elder.bedId as number) : undefined;
  return bedPrice ?? project.price;
}

/**
 * The care-level fee of a month: each day present is charged at the level the elder held that day
 * and that level's fee of that day; runs of equal days are one line, prorated by days (half up).
 * Without a change in the month this is the one whole-month line it always was.
 */
export function careFeeLines(elder: BillElder, month: string, sources: BillSources): BillLine[] {
  const { first, last, days } = monthSpan(month);
  const present = daysPresent(elder, month);
  if (present === 0) return [];
  const elderChanges = sources.elderLevelChanges?.get(elder.oldmanId) ?? [];
  const levelOn = (day: string) =>
    elderChanges.find((c) => c.effectiveDate > day)?.oldLevel ?? elder.nursingLevel ?? '';
  const feeOn = (level: string, day: string) =>
    sources.levelFeeChanges?.get(level)?.find((c) => c.effectiveDate > day)?.oldFee ??
    sources.levelFees.get(level)?.fee ??
    0;
  const from = elder.checkInDate && elder.checkInDate > first ? elder.checkInDate : first;
  const to = elder.leaveDate && elder.leaveDate < last ? elder.leaveDate : last;
  const runs: { level: string; fee: number; days: number }[] = [];
  for (let d = Number(from.slice(8, 10)); d <= Number(to.slice(8, 10)); d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    const level = levelOn(day);
    const fee = level ? feeOn(level, day) : 0;
    const run = runs[runs.length - 1];
    if (run && run.level === level && run.fee === fee) run.days++;
    else runs.push({ level, fee, days: 1 });
  }
  return runs
    .filter((r) => r.level && r.fee > 0)
    .map((r) => charge(null, `护理费（${r.level}）`, r.fee, 1, 1, r.days, days));
}

/** The bill of one elder for one month; null when the elder was not in the house that month. */
export function monthBill(
  elder: BillElder,
  month: string,
  settings: readonly CostSetting[],
  sources: BillSources,
): MonthBill | null {
  const { days, last } = monthSpan(month);
  const present = daysPresent(elder, month);
  if (present === 0) return null;
  const lines: BillLine[] = [];
  for (const p of sources.projects.values())
    if (p.chargeScope === 1)
      lines.push(
        charge(p.projectId, p.projectName, unitPrice(p, elder, sources), p.chargeUnit, 1, present, days),
      );
  for (const s of settings) {
    const p = sources.projects.get(s.projectId);
    if (!p || !inMonth(s, month)) continue;
    lines.push(
      charge(
        p.projectId,
        p.projectName,
        unitPrice(p, elder, sources, s),
        p.chargeUnit,
        s.quantity,
        present,
        days,
      ),
    );
  }
  lines.push(...careFeeLines(elder, month, sources));
  const totalFen = lines.reduce((s, l) => s + l.amountFen, 0);
  const rule = bestFullFree(sources.discountRules, totalFen, last);
  const discountFen = rule ? Math.min(rule.benefit, totalFen) : 0;
  if (rule && discountFen > 0)
    lines.push({
      projectId: null,
      projectName: `优惠：${rule.discountRuleName}`,
      quantity: 1,
      unitFen: -discountFen,
      days: null,
      amountFen: -discountFen,
      kind: 'discount',
    });
  return { lines, totalFen, discountFen, payableFen: totalFen - discountFen, discountRule: rule };
}

/** The best 满赠 gift for a prepayment of `fen` on `day` (0 when none applies). */
export function fullGift(
  rules: readonly DiscountRule[],
  fen: number,
  day: string,
): { rule: DiscountRule; gift: number } | null {
  let best: DiscountRule | null = null;
  for (const r of rules) {
    if (r.ruleType !== 1 || r.startDate > day || (r.endDate && r.endDate < day)) continue;
    if (fen >= r.threshold && (!best || r.benefit > best.benefit)) best = r;
  }
  return best ? { rule: best, gift: best.benefit } : null;
}
