import { defineStatuses } from '../status.js';

/**
 * Status sets whose resource modules read the static dictionaries (through domain/resource.ts), so
 * they are declared here, apart, and domain/dictionaries.ts imports them without a cycle. Each set
 * is the one declaration of its codes, its keys (the machine states) and its labels.
 */

/** An elder's residence (liveStatus; residenceMachine's states; spec 001 §9: 2 quit, 6 quit-booking). */
export const liveStatuses = defineStatuses([
  { key: 'living', code: 1, label: '在住' },
  { key: 'quit', code: 2, label: '已退住' },
  { key: 'waiting', code: 3, label: '待入住' },
  { key: 'trial', code: 4, label: '试住' },
  { key: 'reserved', code: 5, label: '预订' },
  { key: 'cancelled', code: 6, label: '已取消' },
] as const);

/** An outing (outStatus; outingMachine's states once registered). */
export const outStatuses = defineStatuses([
  { key: 'pending', code: 0, label: '待审核' },
  { key: 'approved', code: 1, label: '待外出' },
  { key: 'declined', code: 2, label: '已驳回' },
  { key: 'out', code: 3, label: '外出中' },
  { key: 'returned', code: 4, label: '已返院' },
  { key: 'cancelled', code: 5, label: '已取消' },
] as const);

/** A monthly bill (billStatus; billMachine's states). */
export const billStatuses = defineStatuses([
  { key: 'unpaid', code: 0, label: '待缴费' },
  { key: 'paid', code: 1, label: '已缴费' },
  { key: 'settled', code: 2, label: '已结算' },
  { key: 'voided', code: 3, label: '已作废' },
] as const);
