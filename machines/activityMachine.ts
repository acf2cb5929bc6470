import { assign, setup } from 'xstate';
import { activityPhases } from '../domain/statuses/activities.js';
import { defineWorkflow } from './workflow.js';

/**
 * An activity of the home (活动, spec 001 §7 "Administration: Activities"): published → 报名中 from
 * its registration opening → 报名截止 → 进行中 from its start (sign-in and sign-out of the registered
 * elders) → 已结束 at its end; 取消活动 only before it is held, and an elder's registration is
 * cancelled (取消报名, its place freed) only before the start too. The clock moves the first four
 * (`activityPhase` reads them from the stored times at each request); the machine still holds
 * them as events so the paths CLI and the model tests walk a whole activity, and every staff event
 * (报名, 签到, 签退, 取消) is checked by the server against the state the clock gives
 * (docs/decisions.md "Administration: activities").
 */
export interface ActivityContext {
  capacity: number;
  registerCount: number;
  /** Sign-ins and sign-outs so far (counted, so a sign-in is a change the machine can take). */
  signInCount: number;
  signOutCount: number;
}

export type ActivityEvent =
  | { type: 'activity.openRegistration' }
  | { type: 'activity.closeRegistration' }
  | { type: 'activity.start' }
  | { type: 'activity.end' }
  | { type: 'activity.cancel' }
  /** `registered`: the elder is already on the list. */
  | { type: 'activity.register'; registered: boolean }
  /** `registered`: the elder is on the list (a registration to cancel). */
  | { type: 'activity.unregister'; registered: boolean }
  | { type: 'activity.signIn'; registered: boolean; signedIn: boolean }
  | { type: 'activity.signOut'; signedIn: boolean; signedOut: boolean };

export const activityEvents: Record<ActivityEvent['type'], { label: string }> = {
  'activity.openRegistration': { label: '开始报名' },
  'activity.closeRegistration': { label: '报名截止' },
  'activity.start': { label: '活动开始' },
  'activity.end': { label: '活动结束' },
  'activity.cancel': { label: '取消活动' },
  'activity.register': { label: '报名' },
  'activity.unregister': { label: '取消报名' },
  'activity.signIn': { label: '签到' },
  'activity.signOut': { label: '签退' },
};

/** Stored activityStatus: the one state the clock does not give. */
export const ActivityStatus = { normal: 0, cancelled: 1 } as const;

/** The phases, as the activityState dictionary numbers them (features/administration/api/activities.ts). */
export const ActivityPhase = activityPhases.code;
export type ActivityPhaseName = keyof typeof ActivityPhase;

export const stateLabels: Record<ActivityPhaseName, string> = activityPhases.labels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  placeLeft: '名额未满且未报名',
  mayUnregister: '已报名',
  maySignIn: '已报名且未签到',
  maySignOut: '已签到且未签退',
};

const cancel = { 'activity.cancel': 'cancelled' } as const;
/** Before the start, while registration is open or closed: the place is freed. */
const unregister = {
  'activity.unregister': { guard: 'mayUnregister', actions: 'uncountRegistration' },
} as const;

export const activityMachine = setup({
  types: {} as { context: ActivityContext; events: ActivityEvent; input: ActivityContext },
  guards: {
    placeLeft: ({ context, event }) =>
      event.type === 'activity.register' && !event.registered && context.registerCount < context.capacity,
    mayUnregister: ({ context, event }) =>
      event.type === 'activity.unregister' && event.registered && context.registerCount > 0,
    maySignIn: ({ event }) => event.type === 'activity.signIn' && event.registered && !event.signedIn,
    maySignOut: ({ event }) => event.type === 'activity.signOut' && event.signedIn && !event.signedOut,
  },
  actions: {
    countRegistration: assign({ registerCount: ({ context }) => context.registerCount + 1 }),
    uncountRegistration: assign({ registerCount: ({ context }) => context.registerCount - 1 }),
    countSignIn: assign({ signInCount: ({ context }) => context.signInCount + 1 }),
    countSignOut: assign({ signOutCount: ({ context }) => context.signOutCount + 1 }),
  },
}).createMachine({
  id: 'activity',
  context: ({ input }) => input,
  initial: 'published',
  states: {
    published: { on: { 'activity.openRegistration': 'registrationOpen', ...cancel } },
    registrationOpen: {
      on: {
        'activity.register': { guard: 'placeLeft', actions: 'countRegistration' },
        ...unregister,
        'activity.closeRegistration': 'registrationClosed',
        ...cancel,
      },
    },
    registrationClosed: { on: { 'activity.start': 'held', ...unregister, ...cancel } },
    held: {
      on: {
        'activity.signIn': { guard: 'maySignIn', actions: 'countSignIn' },
        'activity.signOut': { guard: 'maySignOut', actions: 'countSignOut' },
        'activity.end': 'finished',
      },
    },
    finished: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The times and status of a stored activity that give its phase. */
export interface ActivityTimes {
  activityStatus?: unknown;
  registerStart?: unknown;
  registerEnd?: unknown;
  startTime?: unknown;
  endTime?: unknown;
}

/** The phase of an activity at a wall-clock moment 'YYYY-MM-DD HH:mm:ss' (texts compare in order). */
export function activityPhase(row: ActivityTimes, now: string): ActivityPhaseName {
  if (Number(row.activityStatus) === ActivityStatus.cancelled) return 'cancelled';
  if (now >= String(row.endTime)) return 'finished';
  if (now >= String(row.startTime)) return 'held';
  if (now >= String(row.registerEnd)) return 'registrationClosed';
  if (now >= String(row.registerStart)) return 'registrationOpen';
  return 'published';
}

/**
 * A row as the server answers it carries its phase (`activityState`, worked out with the server's
 * clock when it was read); the workflow reads that, so the console greys what the server refuses.
 */
export const phaseOfRow = (row: Record<string, unknown>): ActivityPhaseName =>
  activityPhases.keyOf(Number(row.activityState)) ?? 'published';

/** Why 报名 is greyed on an open activity with no place left (issue #42 point 5). */
export const FULL = '名额已满';

export const activityWorkflow = defineWorkflow({
  machine: activityMachine,
  stateOf: phaseOfRow,
  contextOf: (row) => ({
    capacity: Number(row.capacity ?? 0),
    registerCount: Number(row.registerCount ?? 0),
    signInCount: Number(row.signInCount ?? 0),
    signOutCount: Number(row.signOutCount ?? 0),
  }),
  fieldsOf: (context) => ({ registerCount: context.registerCount }),
  stateName: (row) => stateLabels[phaseOfRow(row)],
  // open but full: the state takes 报名, the places do not (the place guard, said before it is tried)
  whyNot: (row, eventType) =>
    eventType === 'activity.register' &&
    phaseOfRow(row) === 'registrationOpen' &&
    Number(row.registerCount ?? 0) >= Number(row.capacity ?? 0)
      ? FULL
      : undefined,
  initialFields: { activityStatus: ActivityStatus.normal, registerCount: 0 },
});
