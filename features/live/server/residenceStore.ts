import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { oldmanResource } from '../../../domain/resources/oldman.js';
import { isLiveStatus } from '../../../domain/resources/residence.js';
import type { ResidenceFields } from '../../../machines/residenceMachine.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type Ctx, loadRow, type Row } from '../../../server/resources/engine.js';

/** The home's day of the call (a change's default date). */
export const today = (ctx: Ctx) => localDay(ctx.services.now());
export const statusName = (s: number) => dictLabel('liveStatus', s);

/** The residence fields of a stored elder, as residenceMachine reads them. */
export function fieldsOf(row: Row): ResidenceFields {
  const status = Number(row.oldmanStatus);
  if (!isLiveStatus(status)) throw new ApiFailure(Code.conflict, '长者入住状态无效');
  return {
    oldmanStatus: status,
    bedId: row.bedId === null || row.bedId === undefined ? null : Number(row.bedId),
    checkInDate: (row.checkInDate as string | null) ?? null,
    leaveDate: (row.leaveDate as string | null) ?? null,
  };
}

/** An elder of the organisation and the user's data departments, or a refusal. */
export const loadElder = (ctx: Ctx, oldmanId: number) => loadRow(ctx, oldmanResource, oldmanId);
