import { createHash, randomBytes } from 'node:crypto';
import type { RawBuilder } from 'kysely';
import { Code } from '../../domain/codes.js';
import type { Db } from '../db/index.js';
import type { SessionKind } from '../db/schema.js';
import { ApiFailure } from '../http/failure.js';
import { fastGet, versionsColumn, versionsOf } from '../resources/fastRead.js';

/** Idle and absolute session lifetimes (our choice; the spec does not give them). */
export const SessionLimits = {
  idleMs: 2 * 60 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  touchEveryMs: 60 * 1000,
};

export interface SessionUser {
  tokenHash: string;
  userId: number;
  orgId: number;
  empId: number;
  loginName: string;
  isAdmin: boolean;
  authority: ReadonlySet<string>;
  dataDeptIds: readonly number[];
  selectedDeptId: number | null;
  /** An administrator reset the password: business calls are refused until the user changes it. */
  mustChangePassword: boolean;
  /** 'wall': the control-room wall's own session (screenPassLogin); the same authority as the user's. */
  kind: SessionKind;
}

/** 256 random bits, base64url; only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  keyVersion: number,
  ip: string,
  now = Date.now(),
  wall: { origin: string; selectedDeptId: number | null } | null = null,
) {
  const token = newToken();
  // Single console session per user: every earlier console token of this user now answers 4012. A
  // wall's session (screenPassLogin) is not ended by a sign-in elsewhere, nor does it end any: the
  // control-room wall stays signed in while its account works at a desk (issue #38 point 7).
  if (!wall)
    await db
      .updateTable('session')
      .set({ endedCode: Code.signedInElsewhere })
      .where('userId', '=', userId)
      .where('endedCode', 'is', null)
      .where('kind', '=', 'console')
      .execute();
  await db
    .insertInto('session')
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      endedCode: null,
      keyVersion,
      selectedDeptId: wall?.selectedDeptId ?? null,
      ipAddress: ip,
      kind: wall ? 'wall' : 'console',
      origin: wall?.origin ?? null,
    })
    .execute();
  return token;
}

/** Ends a session (sign-out) and the wall sessions opened from it. */
export async function endSession(db: Db, tokenHash: string, code: number) {
  await db
    .updateTable('session')
    .set({ endedCode: code })
    .where((eb) => eb.or([eb('tokenHash', '=', tokenHash), eb('origin', '=', tokenHash)]))
    .where('endedCode', 'is', null)
    .execute();
}

export async function endSessionsOfUser(db: Db, userId: number, code: number) {
  await db
    .updateTable('session')
    .set({ endedCode: code })
    .where('userId', '=', userId)
    .where('endedCode', 'is', null)
    .execute();
}

/** Resolves a token to its user, or throws the session code the console expects (4011/4012/4013). */
/** The session read of every request, as one statement prepared once (the same columns as below). */
const SESSION_SQL = `select session.userId, session.createdAt, session.lastSeenAt, session.endedCode,
  session.keyVersion, session.selectedDeptId, session.kind, users.keyVersion as userKeyVersion, users.status,
  users.orgId, users.empId, users.loginName, users.isAdmin, users.resetPassword
  from session inner join users on users.userId = session.userId where session.tokenHash = ?`;
type SessionRow = {
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  endedCode: number | null;
  keyVersion: number;
  selectedDeptId: number | null;
  kind: SessionKind;
  userKeyVersion: number;
  status: number;
  orgId: number;
  empId: number;
  loginName: string;
  isAdmin: number;
  resetPassword: number;
};

export async function authenticate(
  db: Db,
  token: string | undefined,
  now = Date.now(),
  options: { touch?: boolean } = {},
): Promise<SessionUser> {
  return (await authenticateReading(db, token, now, options)).user;
}

/**
 * authenticate, reading on PostgreSQL the versions of `versionsOf` (a list's tables, for its kept
 * answers) in the same statement as the session: `versions` is null when they were not read so.
 */
export async function authenticateReading(
  db: Db,
  token: string | undefined,
  now = Date.now(),
  options: { touch?: boolean; versionsOf?: readonly string[] } = {},
): Promise<{ user: SessionUser; versions: number[] | null }> {
  if (!token) throw new ApiFailure(Code.loginExpired);
  const tokenHash = hashToken(token);
  const tables = options.versionsOf ?? [];
  const versionsRead = tables.length ? versionsColumn(db, tables) : null;
  const row =
    (fastGet(db, SESSION_SQL, [tokenHash]) as
      | (SessionRow & { tableVersions?: unknown })
      | undefined
      | null) ??
    (await db
      .selectFrom('session')
      .innerJoin('users', 'users.userId', 'session.userId')
      .select([
        'session.userId',
        'session.createdAt',
        'session.lastSeenAt',
        'session.endedCode',
        'session.keyVersion',
        'session.selectedDeptId',
        'session.kind',
        'users.keyVersion as userKeyVersion',
        'users.status',
        'users.orgId',
        'users.empId',
        'users.loginName',
        'users.isAdmin',
        'users.resetPassword',
      ])
      .$if(versionsRead !== null, (q) => q.select((versionsRead as RawBuilder<unknown>).as('tableVersions')))
      .where('session.tokenHash', '=', tokenHash)
      .executeTakeFirst());
  if (!row) throw new ApiFailure(Code.loginExpired);
  if (row.endedCode !== null) throw new ApiFailure(row.endedCode);
  if (row.keyVersion !== row.userKeyVersion) throw new ApiFailure(Code.keyInfoChanged);
  const expired =
    now - row.lastSeenAt > SessionLimits.idleMs || now - row.createdAt > SessionLimits.absoluteMs;
  if (expired || row.status !== 0) {
    await db
      .updateTable('session')
      .set({ endedCode: Code.loginExpired })
      .where('tokenHash', '=', tokenHash)
      .execute();
    throw new ApiFailure(Code.loginExpired);
  }
  if (options.touch !== false && now - row.lastSeenAt > SessionLimits.touchEveryMs) {
    await db.updateTable('session').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
  }
  const { codes, depts } = await authorizationOf(db, row.userId, row.userKeyVersion);
  const versions = versionsRead
    ? versionsOf((row as { tableVersions?: unknown }).tableVersions, tables)
    : null;
  const user: SessionUser = {
    tokenHash,
    userId: row.userId,
    orgId: row.orgId,
    empId: row.empId,
    loginName: row.loginName,
    isAdmin: row.isAdmin === 1,
    mustChangePassword: row.resetPassword === 1,
    authority: codes,
    dataDeptIds: depts,
    selectedDeptId: row.selectedDeptId,
    kind: row.kind,
  };
  return { user, versions };
}

/**
 * A user's authority codes and data departments by user and key version. Changing a user's roles
 * or departments bumps the key version (4013), which makes a new key; role authorities change only
 * with the menu sync at start, which calls forgetAuthorizations. Every node computes the same.
 */
type Authorization = { codes: ReadonlySet<string>; depts: readonly number[] };
const byDatabase = new WeakMap<Db, Map<string, Authorization>>();
export const forgetAuthorizations = (db: Db) => byDatabase.delete(db);

async function authorizationOf(db: Db, userId: number, keyVersion: number): Promise<Authorization> {
  let authorizations = byDatabase.get(db);
  if (!authorizations) {
    authorizations = new Map();
    byDatabase.set(db, authorizations);
  }
  const key = `${userId}:${keyVersion}`;
  const known = authorizations.get(key);
  if (known) return known;
  const [codes, depts] = await Promise.all([authorityCodes(db, userId), dataDeptIds(db, userId)]);
  const fresh = { codes: new Set(codes) as ReadonlySet<string>, depts: Object.freeze(depts) };
  if (authorizations.size > 10_000) authorizations.clear();
  authorizations.set(key, fresh);
  return fresh;
}

export async function authorityCodes(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('userRole')
    .innerJoin('roleAuthority', 'roleAuthority.roleId', 'userRole.roleId')
    .select('roleAuthority.code')
    .distinct()
    .where('userRole.userId', '=', userId)
    .execute();
  return rows.map((r) => r.code);
}

export async function dataDeptIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('userDataDept')
    .select('deptId')
    .where('userId', '=', userId)
    .orderBy('deptId')
    .execute();
  return rows.map((r) => r.deptId);
}
