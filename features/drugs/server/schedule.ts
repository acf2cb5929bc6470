import { Code } from '../../../domain/codes.js';
import { elderDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx, Row } from '../../../server/resources/engine.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * 用药设置: the schedule goes in the elder's department; 服药时间 lists as many HH:mm times as
 * 每日次数, in order; the end date is not before the start.
 */
export async function checkSchedule(ctx: Ctx, row: Row, existing: Row | null) {
  const oldmanId = Number(row.oldmanId ?? existing?.oldmanId);
  if (existing) ctx.requireDept(Number(existing.deptId));
  row.deptId = await elderDept(ctx, oldmanId);
  const times = Number(row.timesPerDay ?? existing?.timesPerDay);
  const text = String(row.useTimes ?? existing?.useTimes ?? '').trim();
  if (text) {
    const list = text.split(/[,，、\s]+/).filter(Boolean);
    if (!list.every((t) => TIME.test(t)))
      throw new ApiFailure(Code.invalidInput, '服药时间格式应为 08:00,12:00,18:00');
    if (list.length !== times)
      throw new ApiFailure(Code.invalidInput, `服药时间应有${times}个，与每日次数相同`);
    if (list.some((t, i) => i > 0 && t <= (list[i - 1] ?? '')))
      throw new ApiFailure(Code.invalidInput, '服药时间应按先后顺序填写');
    row.useTimes = list.join(',');
  }
  const start = String(row.startDate ?? existing?.startDate ?? '');
  const end = row.endDate === undefined ? existing?.endDate : row.endDate;
  if (end && String(end) < start) throw new ApiFailure(Code.invalidInput, '结束日期不能早于开始日期');
}
