import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';

/** How the elder moves in: 办理入住 (在住) or 办理试住 (试住). */
export type SettleInKind = 'CHECK_IN' | 'TRIAL';

/** What the reception has filled in so far; kept in session storage `settleIn` (spec 000 §1). */
export interface SettleInContext {
  oldmanId: number | null;
  oldmanName: string;
  /** The bed an elder in 预订 holds: offered first, and selectable although taken. */
  reservedBedId: number | null;
  bedId: number | null;
  bedName: string;
  /** YYYY-MM-DD. */
  date: string;
  kind: SettleInKind;
  /** Why the last 确认办理 was refused (the server's message). */
  error: string;
}

export type SettleInEvent =
  | { type: 'settleIn.pickElder'; oldmanId: number; oldmanName: string; reservedBedId: number | null }
  | { type: 'settleIn.pickBed'; bedId: number | null; bedName: string }
  | { type: 'settleIn.setDate'; date: string }
  | { type: 'settleIn.setKind'; kind: SettleInKind }
  | { type: 'settleIn.next' }
  | { type: 'settleIn.back' }
  | { type: 'settleIn.submit' }
  | { type: 'settleIn.restart' };

/** The steps in order, with the names the page shows. */
export const settleInSteps = [
  { state: 'elder', label: '选择长者' },
  { state: 'bed', label: '床位与日期' },
  { state: 'confirm', label: '确认办理' },
  { state: 'done', label: '完成' },
] as const;
export type SettleInStep = (typeof settleInSteps)[number]['state'];

export const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date));

export const emptySettleIn = (date: string): SettleInContext => ({
  oldmanId: null,
  oldmanName: '',
  reservedBedId: null,
  bedId: null,
  bedName: '',
  date,
  kind: 'CHECK_IN',
  error: '',
});

/**
 * 入住办理 on settleIn.html: choose a waiting or reserved elder → a bed, the day and 入住/试住 →
 * confirm → done. `checkIn` does the residence change (PUT …/oldmans/live/status, checked again by
 * the server's residence machine); a refusal returns to the confirmation with its reason.
 */
export const settleInMachine = setup({
  types: {} as { context: SettleInContext; events: SettleInEvent; input: { today: string } },
  actors: {
    checkIn: fromPromise<void, SettleInContext>(async () => {
      throw new Error('checkIn not provided');
    }),
  },
  guards: {
    elderChosen: ({ context }) => context.oldmanId !== null,
    bedAndDay: ({ context }) => context.bedId !== null && isDay(context.date),
  },
}).createMachine({
  id: 'settleIn',
  context: ({ input }) => emptySettleIn(input.today),
  initial: 'elder',
  states: {
    elder: {
      on: {
        'settleIn.pickElder': {
          actions: assign(({ event }) => ({
            oldmanId: event.oldmanId,
            oldmanName: event.oldmanName,
            reservedBedId: event.reservedBedId,
            // a reserved elder moves into the bed held for them unless another is chosen
            bedId: event.reservedBedId,
            bedName: '',
            error: '',
          })),
        },
        'settleIn.next': { guard: 'elderChosen', target: 'bed' },
      },
    },
    bed: {
      on: {
        'settleIn.pickBed': {
          actions: assign(({ event }) => ({ bedId: event.bedId, bedName: event.bedName })),
        },
        'settleIn.setDate': { actions: assign(({ event }) => ({ date: event.date })) },
        'settleIn.setKind': { actions: assign(({ event }) => ({ kind: event.kind })) },
        'settleIn.back': 'elder',
        'settleIn.next': { guard: 'bedAndDay', target: 'confirm' },
      },
    },
    confirm: {
      on: {
        'settleIn.back': { target: 'bed', actions: assign({ error: '' }) },
        'settleIn.submit': 'submitting',
      },
    },
    submitting: {
      invoke: {
        id: 'checkIn',
        src: 'checkIn',
        input: ({ context }) => context,
        onDone: { target: 'done', actions: assign({ error: '' }) },
        onError: {
          target: 'confirm',
          actions: assign(({ event }) => ({
            error:
              event.error instanceof Error
                ? event.error.message
                : String((event.error as { message?: unknown })?.message ?? event.error),
          })),
        },
      },
    },
    done: {
      on: {
        'settleIn.restart': {
          target: 'elder',
          actions: assign(({ context }) => emptySettleIn(context.date)),
        },
      },
    },
  },
});

/** What session storage keeps: the step and the context (read back through this schema). */
export const storedSettleIn = z.object({
  step: z.enum(['elder', 'bed', 'confirm', 'submitting', 'done']),
  context: z.object({
    oldmanId: z.number().int().positive().nullable(),
    oldmanName: z.string().max(50),
    reservedBedId: z.number().int().positive().nullable(),
    bedId: z.number().int().positive().nullable(),
    bedName: z.string().max(100),
    date: z.string().max(10),
    kind: z.enum(['CHECK_IN', 'TRIAL']),
    error: z.string().max(500),
  }),
});
export type StoredSettleIn = z.output<typeof storedSettleIn>;

/**
 * The snapshot to start from: the stored one when it reads, else a new one. A reload while
 * 确认办理 was on its way comes back to the confirmation: the server refuses a second move-in.
 */
export function restoreSettleIn(stored: unknown) {
  const parsed = storedSettleIn.safeParse(stored);
  if (!parsed.success) return undefined;
  const { step, context } = parsed.data;
  return settleInMachine.resolveState({ value: step === 'submitting' ? 'confirm' : step, context });
}

/** Chinese names of the machine's events and states (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'settleIn.pickElder': '选择长者',
  'settleIn.pickBed': '选择床位',
  'settleIn.setDate': '填写入住日期',
  'settleIn.setKind': '选择办理方式',
  'settleIn.next': '下一步',
  'settleIn.back': '上一步',
  'settleIn.submit': '确认办理',
  'settleIn.restart': '办理下一位',
  'checkIn.done': '办理成功',
  'checkIn.error': '办理失败',
};
export const stateLabels: Record<string, string> = {
  elder: '选择长者',
  bed: '床位与日期',
  confirm: '确认办理',
  submitting: '提交中',
  done: '完成',
};

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  elderChosen: '已选长者',
  bedAndDay: '已选床位和入住日期',
};
