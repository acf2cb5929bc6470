import type { CallModel } from '../../../domain/devices.js';
import { waited } from '../AlarmConsole.js';

/** One nurse call as the /ecms call lists return it. */
export interface CallRecord {
  callId: number;
  deviceId: number;
  model: CallModel;
  oldmanName: string | null;
  bedName: string | null;
  roomName: string | null;
  callTime: number;
  answerTime: number | null;
  clearTime: number | null;
  callStatus: number;
  connect: number | null;
  dealType: number | null;
  dealTypeName?: string | null;
}
export interface DealType {
  dealType: number;
  dealTypeName: string;
}

/** Spec 000 §3: R10 call status 1 responded, 2 no response, 3 cancelled. */
export const callStatusName: Record<number, string> = { 1: '已响应', 2: '未响应', 3: '已取消' };

/** The two call-record lists of the screen: bedside units R6/R7 and A10 buttons (spec 000 §7). */
export const callLists = {
  r6r7: { title: 'R6/R7 呼叫记录', url: '/ecms/web-ec/callrecords/r6r7' },
  a10: { title: 'A10 呼叫记录', url: '/ecms/web-ec/a10CallRecord' },
} as const;
export type CallList = keyof typeof callLists;
export const callListOf = (model: CallModel): CallList => (model === 'A10' ? 'a10' : 'r6r7');

export const callPlace = (c: Pick<CallRecord, 'roomName' | 'bedName'>) =>
  [c.roomName, c.bedName].filter(Boolean).join(' ') || '—';

/** How long the call waited for an answer: 35 秒, or — when nobody answered. */
export const responseText = (c: Pick<CallRecord, 'callTime' | 'answerTime'>) =>
  c.answerTime === null ? '—' : waited(c.answerTime - c.callTime);

/** A date range picked as YYYY-MM-DD, as the call lists filter it: epoch ms from the first to the last instant. */
export function dayRange(start: string, end: string): { startTime: string; endTime: string } {
  return {
    startTime: start ? String(new Date(`${start}T00:00:00`).getTime()) : '',
    endTime: end ? String(new Date(`${end}T23:59:59.999`).getTime()) : '',
  };
}
