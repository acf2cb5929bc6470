import { session } from '../../src/util/storage.js';

/** An elder chosen on 长者账户 for 批量收款 (session storage payBatchData, spec 000 §1). */
export interface PickedElder {
  oldmanId: number;
  oldmanName: string;
}

export const readPicked = (): PickedElder[] => session.get<PickedElder[]>('payBatchData') ?? [];
export const writePicked = (list: PickedElder[]) =>
  list.length ? session.set('payBatchData', list) : session.remove('payBatchData');

/** The list with the elder added or taken out. */
export const togglePicked = (list: PickedElder[], elder: PickedElder, on: boolean) =>
  on
    ? list.some((p) => p.oldmanId === elder.oldmanId)
      ? list
      : [...list, elder]
    : list.filter((p) => p.oldmanId !== elder.oldmanId);
