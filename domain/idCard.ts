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

/**
 * Province-level codes (GB/T 2260) that begin a region code, with 81/82/83 of the residence permits
 * of Hong Kong, Macao and Taiwan residents. Only the province is checked: a number issued decades
 * ago keeps a county code that may since have been merged or renamed.
 */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83,
]);

/**
 * What is wrong with a number, in words a clerk can act on (to follow the field's name), or null
 * when it is valid: the form, the region, the birth date (real, not in the future), the check
 * character — the first problem found.
 */
export function idCardProblem(raw: string, today: Date = new Date()): string | null {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return '应为18位，前17位为数字，末位为数字或X';
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return '地区码不存在';
  const birth = birthOf(id);
  if (!birth) return '出生日期不存在';
  if (birth > localDay(today.getTime())) return '出生日期不能晚于今天';
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return '校验位不正确';
  return null;
}

/** The refusal of an invalid number, naming the field: 身份证号：出生日期不存在. */
export const idCardMessage = (raw: string, label = '身份证号', today: Date = new Date()): string | null => {
  const problem = idCardProblem(raw, today);
  return problem === null ? null : `${label}：${problem}`;
};

/** 18 characters, a known region, a real birth date not in the future, and the right check character. */
export function isValidIdCard(raw: string, today: Date = new Date()): boolean {
  return idCardProblem(raw, today) === null;
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
