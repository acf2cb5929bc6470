import { describe, expect, it } from 'vitest';
import { callListOf, callPlace, dayRange, responseText } from './callRecords.js';

describe('call records', () => {
  it('puts A10 calls in their own list and bedside units R6/R7 together', () => {
    expect(callListOf('A10')).toBe('a10');
    expect(callListOf('R6')).toBe('r6r7');
    expect(callListOf('R7')).toBe('r6r7');
  });

  it('shows how long a call waited, or a dash when nobody answered', () => {
    expect(responseText({ callTime: 1_000, answerTime: 36_000 })).toBe('35 秒');
    expect(responseText({ callTime: 1_000, answerTime: null })).toBe('—');
  });

  it('names the place by room and bed', () => {
    expect(callPlace({ roomName: '101', bedName: '1床' })).toBe('101 1床');
    expect(callPlace({ roomName: null, bedName: null })).toBe('—');
  });

  it('filters whole days in local time and leaves empty ends open', () => {
    const { startTime, endTime } = dayRange('2026-03-01', '2026-03-02');
    expect(Number(endTime) - Number(startTime)).toBe(2 * 86_400_000 - 1);
    expect(new Date(Number(startTime)).getHours()).toBe(0);
    expect(dayRange('', '')).toEqual({ startTime: '', endTime: '' });
  });
});
