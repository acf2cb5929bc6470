import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../server/app.js';
import { forgetAuthorizations } from '../../server/auth/tokens.js';
import { sqliteOf } from '../../server/db/index.js';
import { DemoAccounts, RESTRICTED_WITHOUT } from '../../server/db/seed.js';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A real app over an in-memory database, with a movable clock and captured SMS texts and voice calls;
 * `overrides` replace any option (a logger, trustProxy, the session sweep).
 */
export async function startTestApp(overrides: Partial<AppOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-test-'));
  // Migrating and seeding take about a second; a worker's later apps start from a copy of its
  // first seeded database and files (the seeds then find everything in place).
  const plain = !(overrides.modules || overrides.databaseFile || overrides.seedDemo === false);
  // TEST_DATABASE_URL (a PostgreSQL server): each app on a database of its own, copied from a
  // seeded template as the in-memory image is (issue #21)
  const onPostgres =
    process.env.TEST_DATABASE_URL && !overrides.databaseFile ? await postgresDatabase(plain) : null;
  const seeded = plain && !onPostgres ? await seededImage() : null;
  if (seeded) cpSync(seeded.dataDir, dataDir, { recursive: true });
  if (onPostgres?.files) cpSync(onPostgres.files, dataDir, { recursive: true });
  const clock = { now: Date.now() };
  const sms: { phoneNum: string; text: string }[] = [];
  const calls: { phones: string[]; text: string }[] = [];
  const app = await buildApp({
    dataDir,
    databaseFile: onPostgres?.url ?? ':memory:',
    databaseImage: seeded?.image,
    now: () => clock.now,
    sms: { send: async (phoneNum, text) => void sms.push({ phoneNum, text }) },
    voice: { call: async ({ phones, text }) => void calls.push({ phones, text }) },
    loginRatePerMinute: 1000,
    checkAnswers: true,
    // No unsolicited beats: tests count the messages a socket gets (server-realtime tests the beat).
    pushBeatMs: 0,
    ...overrides,
  });
  if (overrides.seedDemo !== false) await broadNurseFixture(app);
  const close = async () => {
    await app.close();
    await onPostgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, clock, sms, calls, dataDir, close };
}

/**
 * The server tests' huli01 is a department-scoped user with the broad rights the demo nurse had
 * before the role presets (issue #37 point 8: every menu but RESTRICTED_WITHOUT): those tests are
 * about data departments and single authority codes, not about the nurse's job, which
 * tests/unit/system/role-presets.test.ts and the e2e role specs check on the seeded 护士 role.
 */
async function broadNurseFixture(app: TestApp) {
  const db = app.services.db;
  const user = await db
    .selectFrom('userRole')
    .innerJoin('users', 'users.userId', 'userRole.userId')
    .select('userRole.roleId')
    .where('users.loginName', '=', DemoAccounts.restricted.loginName)
    .executeTakeFirst();
  if (!user) return;
  const codes = (await db.selectFrom('menu').select('code').distinct().execute())
    .map((m) => m.code)
    .filter((code) => !RESTRICTED_WITHOUT.includes(code));
  for (const code of codes)
    await db
      .insertInto('roleAuthority')
      .values({ roleId: user.roleId, code })
      .onConflict((oc) => oc.doNothing())
      .execute();
  forgetAuthorizations(db);
}

let image: Promise<{ image: Buffer; dataDir: string }> | null = null;

let template: Promise<{ name: string; files: string }> | null = null;
let databases = 0;

/** The PostgreSQL server of TEST_DATABASE_URL with another database on the path. */
const databaseUrl = (name: string) => {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs statements on the PostgreSQL server's maintenance database, one connection for them all. */
async function onServer(run: (query: (text: string) => Promise<unknown>) => Promise<void>) {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    await run((text) => admin.query(text));
  } finally {
    await admin.end();
  }
}

/**
 * A new PostgreSQL database for one app: a copy of this worker's seeded template (`seeded`), or
 * empty; dropped by `drop`.
 */
async function postgresDatabase(seeded: boolean) {
  const from = seeded ? await seededTemplate() : null;
  databases += 1;
  const name = `eldercare_t${process.pid}_${databases}`;
  await onServer(async (query) => {
    await query(`drop database if exists ${name}`);
    await query(`create database ${name}${from ? ` template ${from.name} strategy file_copy` : ''}`);
  });
  return {
    url: databaseUrl(name),
    files: from?.files ?? null,
    drop: () =>
      onServer(async (query) => {
        // the app's pool may still be saying goodbye: wait for it rather than cut it off
        for (let tries = 0; ; tries++)
          try {
            await query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || tries > 100) throw error;
            await new Promise((r) => setTimeout(r, 20));
          }
      }),
  };
}

/** This worker's seeded PostgreSQL database (migrated and seeded once), the template of its apps' own. */
function seededTemplate() {
  template ??= (async () => {
    const name = `eldercare_tpl${process.pid}`;
    await onServer(async (query) => {
      await query(`drop database if exists ${name} with (force)`);
      await query(`create database ${name}`);
    });
    const files = mkdtempSync(join(tmpdir(), 'eldercare-seed-'));
    const app = await buildApp({ dataDir: files, databaseFile: databaseUrl(name), pushBeatMs: 0 });
    await app.close();
    process.once('exit', () => rmSync(files, { recursive: true, force: true }));
    return { name, files };
  })();
  return template;
}

/** The database and files of an app just built and seeded with the default options, made once per test worker (vitest.config.ts: isolate false) and copied for each app. */
function seededImage() {
  image ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-seed-'));
    const app = await buildApp({ dataDir, databaseFile: ':memory:', pushBeatMs: 0 });
    const copy = sqliteOf(app.services.db).serialize();
    await app.close();
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    return { image: copy, dataDir };
  })();
  return image;
}

export async function signIn(app: TestApp, loginName: string, loginPassword: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/passport/web-rbac/logins/login',
    payload: { loginName, loginPassword },
  });
  const body = res.json() as {
    code: number;
    result: { token: string; userId: number; mqttClientId: string };
  };
  if (body.code !== 0) throw new Error(`sign-in of ${loginName} failed: ${res.body}`);
  return body.result;
}

export const signInAdmin = (app: TestApp) =>
  signIn(app, DemoAccounts.admin.loginName, DemoAccounts.admin.password);
export const signInNurse = (app: TestApp) =>
  signIn(app, DemoAccounts.restricted.loginName, DemoAccounts.restricted.password);
export const signInOtherOrg = (app: TestApp) =>
  signIn(app, DemoAccounts.otherOrg.loginName, DemoAccounts.otherOrg.password);

/**
 * Gives the restricted nurse's role exactly `codes` among the authority codes that start with
 * `prefix` (as an administrator would in 角色管理) and answers her new token.
 */
export async function grantNurse(app: TestApp, prefix: string, codes: string[]): Promise<string> {
  const db = app.services.db;
  const { roleId } = await db
    .selectFrom('userRole')
    .innerJoin('users', 'users.userId', 'userRole.userId')
    .select('userRole.roleId')
    .where('users.loginName', '=', DemoAccounts.restricted.loginName)
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('roleAuthority')
    .where('roleId', '=', roleId)
    .where('code', 'like', `${prefix}%`)
    .execute();
  if (codes.length)
    await db
      .insertInto('roleAuthority')
      .values(codes.map((code) => ({ roleId, code })))
      .execute();
  forgetAuthorizations(db);
  return (await signInNurse(app)).token;
}

/** GET/POST/PUT/DELETE with a token; returns status and parsed envelope. */
export async function call(
  app: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; result: unknown } };
}

/** A multipart upload of one file (and fields) with a token; returns status and parsed envelope. */
export async function multipart(
  app: TestApp,
  token: string,
  url: string,
  file: { name: string; bytes: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], file.type ? { type: file.type } : {}),
    file.name,
  );
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: token, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; result: Record<string, unknown> },
  };
}
