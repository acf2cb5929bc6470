import { idCardCheckChar } from '../../domain/idCard.js';

/** A valid ID-card number (region 110105) for a birth date and a sequence (odd: a man). */
export function idCard(birth: string, seq: number) {
  const first = `110105${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return first + idCardCheckChar(first);
}
