import { localDay } from './clock.js';

/**
 * Resident identity card numbers, GB 11643-1999: 6-digit region, 8-digit birth date, 3-digit
 * sequence (odd for men), and an ISO 7064 MOD 11-2 check character.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

/** The check character of the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK[sum % 11] ?? '';
}

function birthOf(id: string): string | null {
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1880) return null;
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/** 18 characters, a real birth date not in the future, and the right check character. */
export function isValidIdCard(raw: string, today: Date = new Date()): boolean {
  const id = raw.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const birth = birthOf(id);
  if (!birth || birth > localDay(today.getTime())) return false;
  return idCardCheckChar(id.slice(0, 17)) === id[17];
}

export interface IdCardFacts {
  /** YYYY-MM-DD */
  birthday: string;
  /** 0 male, 1 female (static dictionary `gender`). */
  sex: 0 | 1;
  regionCode: string;
}

/** Birth date, sex and region of a valid number; null for an invalid one. */
export function idCardFacts(raw: string): IdCardFacts | null {
  if (!isValidIdCard(raw)) return null;
  const birthday = birthOf(raw) as string;
  return { birthday, sex: Number(raw[16]) % 2 === 1 ? 0 : 1, regionCode: raw.slice(0, 6) };
}

/** Whole years of age on a day (YYYY-MM-DD). */
export function ageOn(birthday: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5) < birthday.slice(5) ? years - 1 : years;
}
