import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum (2) that isolatedModules cannot read.
const ARGON2ID = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Our password rule (the spec leaves it open): 8–64 characters with letters and digits. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8 || password.length > 64) return '密码长度须为8-64位';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  return null;
}
