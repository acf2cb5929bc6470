import { describe, expect, it } from 'vitest';
import {
  type BillSources,
  type ChargeProject,
  monthBill,
} from '../../../features/expense/server/monthBill.js';

// 机构档案: a bed's monthly price prices the bed charge item (按床位定价) of the elder holding it.
const bedFee: ChargeProject = {
  projectId: 1,
  projectName: '床位费',
  price: 180000,
  chargeUnit: 1,
  chargeScope: 1,
  priceByBed: 1,
};
const meal: ChargeProject = {
  projectId: 2,
  projectName: '伙食费',
  price: 90000,
  chargeUnit: 1,
  chargeScope: 1,
};
const sources: BillSources = {
  projects: new Map([
    [1, bedFee],
    [2, meal],
  ]),
  levelFees: new Map(),
  discountRules: [],
  bedPrices: new Map([[7, 280000]]),
};
const elder = (bedId: number | null) => ({
  oldmanId: 1,
  nursingLevel: null,
  checkInDate: '2026-01-01',
  leaveDate: null,
  bedId,
});
const amounts = (bedId: number | null, s: BillSources = sources) =>
  Object.fromEntries(
    (monthBill(elder(bedId), '2026-11', [], s)?.lines ?? []).map((l) => [l.projectName, l.amountFen]),
  );

describe('bed prices in the month bill', () => {
  it('charges a priced bed at its price, an unpriced one at the item price, other items unchanged', () => {
    expect(amounts(7)).toEqual({ 床位费: 280000, 伙食费: 90000 });
    expect(amounts(8)).toEqual({ 床位费: 180000, 伙食费: 90000 });
    expect(amounts(null)).toEqual({ 床位费: 180000, 伙食费: 90000 });
  });

  it('leaves an item not priced by bed alone', () => {
    const plain = { ...sources, projects: new Map([[1, { ...bedFee, priceByBed: 0 }]]) };
    expect(amounts(7, plain)).toEqual({ 床位费: 180000 });
  });

  it("keeps an elder's own price setting first", () => {
    const bill = monthBill(
      elder(7),
      '2026-11',
      [{ projectId: 1, price: 150000, quantity: 1, startMonth: null, endMonth: null }],
      { ...sources, projects: new Map([[1, { ...bedFee, chargeScope: 0 }]]) },
    );
    expect(bill?.lines.map((l) => l.amountFen)).toEqual([150000]);
  });
});
