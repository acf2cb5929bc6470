import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { satisfies } from '../../domain/authorityExpr.js';
import { Code, codeMessage, moduleCodes } from '../../domain/codes.js';
import { Header } from '../../domain/http.js';
import { authenticate, authenticateReading, type SessionUser } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import type { Services } from '../services.js';
import { requireDept } from './deptScope.js';
import { ApiFailure } from './failure.js';
import { type LogActor, writeOperationLog } from './operationLog.js';
import { mayCallWithoutRole } from './roleless.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** 'public' needs no token; 'session' any signed-in user; any other string is an authority expression. */
export type RouteAuth = 'public' | 'session' | (string & {});

export interface RouteContext<Q, B, P, U> {
  query: Q;
  body: B;
  params: P;
  /** The signed-in user; null only on public routes. */
  user: U;
  /** Inside a mutation this is the transaction that also writes the operation log. */
  db: Db;
  services: Services;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Throws 10301 unless the user holds this data department (server/http/deptScope.ts). */
  requireDept(deptId: number): void;
  /** Overrides the operation-log text, e.g. with the name of what was deleted. */
  describe(name: string): void;
  /** On public routes (login, register) names who the logged operation is for. */
  logAs(actor: LogActor): void;
  /** Work that must wait until the change is committed (removing files, notifying). */
  afterCommit(work: () => Promise<unknown> | unknown): void;
  /** The versions of the route's `reads`, when they were read with the session (PostgreSQL), else null. */
  tableVersions: number[] | null;
}

export interface RouteSpec<
  QS extends Schema | undefined,
  BS extends Schema | undefined,
  PS extends Schema | undefined,
  A extends RouteAuth,
> {
  method: Method;
  url: string;
  auth: A;
  query?: QS;
  body?: BS;
  params?: PS;
  /**
   * The `result` of the success envelope (or a file: `fileAnswer`), documented at /openapi.json and
   * checked against every answer while tests run. Required: a route without its answer's shape
   * does not compile.
   */
  response: Schema;
  /** One line for the API page; defaults to the operation-log name. */
  summary?: string;
  /**
   * The call's name within its module: the OpenAPI operationId is `module.operation`, what a client
   * generator names its method. The engine names its own (elderList, elderRetire); a module's call
   * without one is named from its method and path (operationName, docs/decisions.md).
   */
  operation?: string;
  /** The module the call belongs to (set by allRoutes): its group on the API page. */
  module?: string;
  /** Requests per minute per IP (login, SMS), enforced by @fastify/rate-limit. */
  rateLimit?: { max: number; timeWindow: number };
  /** Non-GET routes write an operation-log row in the same transaction as their change. */
  log?: { type: string; name: string } | false;
  /**
   * The tables whose versions the handler reads (a list's kept answers): on PostgreSQL they come in
   * the session's statement, as ctx.tableVersions — one round trip fewer per request.
   */
  reads?: readonly string[];
  handler(
    ctx: RouteContext<Out<QS>, Out<BS>, Out<PS>, A extends 'public' ? SessionUser | null : SessionUser>,
  ): Promise<unknown>;
}

/** Marks a handler result that was already sent (an image, a file). */
export const SENT = Symbol('sent');

export function route<
  QS extends Schema | undefined,
  BS extends Schema | undefined,
  PS extends Schema | undefined,
  A extends RouteAuth,
>(spec: RouteSpec<QS, BS, PS, A>) {
  return spec as unknown as AnyRoute;
}

export type AnyRoute = RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined, RouteAuth>;

export function tokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[Header.token];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.replace(/^Bearer\s+/i, '') || undefined;
}

/** Who called, resolved before the input is validated: an anonymous caller gets 4011, not 10001. */
const callers = new WeakMap<FastifyRequest, SessionUser | null>();
/** The versions of a route's `reads` read with its caller's session. */
const versionsRead = new WeakMap<FastifyRequest, number[]>();

/**
 * Registers the routes with Fastify, their zod schemas handed over through the type provider:
 * Fastify validates params, query and body (the first problem becomes 10001 with its Chinese
 * message, server/http/errors.ts), documents them and the answer at /openapi.json, and in tests
 * checks each answer against the declared one.
 */
export function registerRoutes(app: FastifyInstance, services: Services, routes: AnyRoute[]) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const spec of routes) {
    const file = fileTypes(spec.response);
    typed.route({
      method: spec.method,
      url: spec.url,
      schema: {
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(file ? { produces: file } : {}),
        response: {
          200: file ? (spec.response as Schema) : envelope(spec.response),
          ...refusalAnswers(spec),
        },
        tags: [spec.module ?? serviceOf(spec.url)],
        operationId: `${identifier(spec.module ?? serviceOf(spec.url))}.${identifier(spec.operation ?? operationName(spec))}`,
        summary: spec.summary ?? (spec.log ? spec.log.name : undefined),
      },
      ...(spec.rateLimit ? { config: { rateLimit: spec.rateLimit } } : {}),
      preValidation: async (req) => {
        const user = await resolveUser(services, req, spec.auth, spec.reads);
        // A user without any role reaches only their own account (server/http/roleless.ts).
        if (user && spec.auth === 'session' && !mayCallWithoutRole(user, spec.method, spec.url, req))
          throw new ApiFailure(Code.noAuthority, '权限不足');
        callers.set(req, user);
        // An empty body is an empty object: its required fields are then named in the refusal.
        if (spec.body && (req.body === undefined || req.body === null)) req.body = {};
      },
      handler: async (req, reply) => {
        const user = callers.get(req) ?? null;
        const tableVersions = versionsRead.get(req) ?? null;
        const query = spec.query ? req.query : undefined;
        const body = spec.body ? req.body : undefined;
        const params = spec.params ? req.params : undefined;
        let description = spec.log ? spec.log.name : '';
        let actor: LogActor | null = user;
        const committed: (() => Promise<unknown> | unknown)[] = [];
        const ctxFor = (db: Db) =>
          ({
            query,
            body,
            params,
            user,
            db,
            services,
            req,
            reply,
            requireDept(deptId: number) {
              requireDept(user, deptId);
            },
            describe(name: string) {
              description = name;
            },
            logAs(who: LogActor) {
              actor = who;
            },
            afterCommit(work: () => Promise<unknown> | unknown) {
              committed.push(work);
            },
            // (not inside a write: its transaction reads its own versions)
            tableVersions: db === services.db ? tableVersions : null,
          }) as RouteContext<unknown, unknown, unknown, SessionUser>;
        const mutation = spec.method !== 'GET' && spec.log !== false;
        const result = mutation
          ? await services.db.transaction().execute(async (trx) => {
              const out = await spec.handler(ctxFor(trx));
              await writeOperationLog(
                trx,
                req,
                actor,
                spec.log ? { ...spec.log, name: description } : { type: spec.method, name: spec.url },
                body ?? query,
              );
              return out;
            })
          : await spec.handler(ctxFor(services.db));
        for (const work of committed) await work();
        if (result === SENT || reply.sent) return reply;
        return reply.send({ code: Code.ok, msg: '成功', result: result ?? null });
      },
    });
  }
}

/**
 * The success envelope of the spec: `{ code: 0, msg, result }`, built when first needed (an answer
 * checked, the API document written), not for each of ~900 routes at every start (issue #43).
 */
export const envelope = (result: Schema) =>
  z.lazy(() => z.object({ code: z.literal(Code.ok), msg: z.string(), result: result.nullable() }));

/** An identifier a generator takes: report-payment → reportPayment. */
const identifier = (name: string) =>
  name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

const VERBS: Record<Method, string> = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' };
const SERVICE_PARTS =
  /^(pims|passport|omms|ifms|tdms|wnms|api|loms|ecms|tams|bmms|homecare|ptms|abc|yhpay|web-[\w]+|di-[\w]+)$/;

/**
 * A module's call without a declared operation, named from its method and the path below the
 * service prefix: GET /pims/web-org/quality/handover/gather → getQualityHandoverGather, a `:id`
 * becomes ById. The spec fixes the paths, so the name stays while the code's constants are renamed.
 */
export function operationName(spec: Pick<AnyRoute, 'method' | 'url'>): string {
  const words = spec.url
    .split('/')
    .filter((part) => part && !SERVICE_PARTS.test(part))
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [VERBS[spec.method], ...words].map((w, i) => (i ? w[0]?.toUpperCase() + w.slice(1) : w)).join('');
}

/**
 * The refusal envelope `{ code, msg, result: null }`, its codes named (a module's own business codes
 * come with 400 too, so the schema takes any code: tests check every answer against it).
 */
const refusals = new Map<string, Schema>();
const refusal = (codes: readonly number[], description: string): Schema => {
  // a handful of kinds for ~900 calls: built once each (start-up time, issue #43)
  const key = `${codes.join(',')} ${description}`;
  const known = refusals.get(key);
  if (known) return known;
  const schema = z
    .object({
      code: z
        .number()
        .int()
        .meta({
          description: codes.map((c) => `${c} ${codeMessage[c] ?? ''}`).join('；'),
          examples: [...codes],
        }),
      msg: z.string().meta({ description: '中文提示，可直接显示' }),
      result: z.null(),
    })
    .meta({ description });
  refusals.set(key, schema);
  return schema;
};

/**
 * The refusals a call can answer, from what it declares: a signed-in call answers 401 (4011, 4012,
 * 4013), one needing an authority 403 (401 权限不足, 10301 data department), one taking input 400
 * (10001 and the business codes of its module), one naming a record by id 404 (10004).
 */
function refusalAnswers(spec: AnyRoute): Record<number, Schema> {
  const out: Record<number, Schema> = {};
  const input = Boolean(spec.params || spec.query || spec.body);
  out[400] = refusal(
    [
      Code.invalidInput,
      ...(spec.method === 'GET'
        ? []
        : [Code.conflict, Code.actionRefused, ...(moduleCodes[spec.module ?? ''] ?? [])]),
    ],
    input ? '输入不符合要求，或当前状态不能办理' : '请求不能办理',
  );
  if (spec.auth !== 'public')
    out[401] = refusal(
      [Code.loginExpired, Code.signedInElsewhere, Code.keyInfoChanged],
      '未登录或登录已失效',
    );
  if (spec.auth !== 'public' && spec.auth !== 'session')
    out[403] = refusal([Code.noAuthority, Code.deptNotAllowed], '无此权限，或无权访问该数据部门');
  if (spec.url.includes('/:')) out[404] = refusal([Code.notFound], '数据不存在');
  return out;
}

/** The first path segment is the spec's service prefix (/pims, /passport, /loms, …): the API page's group. */
const serviceOf = (url: string) => url.split('/')[1] ?? '';

const FILE = Symbol('file');
type FileSchema = Schema & { [FILE]: string[] };

/** An answer that is a file (an export, a print view, an image), of these media types. */
export function fileAnswer(...types: [string, ...string[]]): Schema {
  return Object.assign(z.string().meta({ format: 'binary', description: '文件' }), { [FILE]: types });
}
const fileTypes = (schema: Schema) => (FILE in schema ? (schema as FileSchema)[FILE] : null);

async function resolveUser(
  services: Services,
  req: FastifyRequest,
  auth: RouteAuth,
  reads: readonly string[] | undefined,
): Promise<SessionUser | null> {
  if (auth === 'public') {
    const token = tokenOf(req);
    return token ? authenticate(services.db, token, services.now()).catch(() => null) : null;
  }
  const { user, versions } = await authenticateReading(services.db, tokenOf(req), services.now(), {
    ...(reads ? { versionsOf: reads } : {}),
  });
  if (versions) versionsRead.set(req, versions);
  // After an administrator's reset only session calls (config, profile, password change, logout) work.
  if (auth !== 'session' && user.mustChangePassword) throw new ApiFailure(Code.passwordChangeRequired);
  if (auth !== 'session' && !satisfies(user.authority, auth))
    throw new ApiFailure(Code.noAuthority, '权限不足');
  return user;
}
