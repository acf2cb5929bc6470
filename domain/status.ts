/**
 * One declaration of a status set: each status's key (the machine state it is), its code (what is
 * stored and sent) and its Chinese label (what a person reads). The code constants, the static
 * dictionary's entries, the code ↔ state maps and a machine's state labels are all read from it,
 * so a status is typed once (docs/architecture.md: domain/ declares, machines/ import it).
 */
export interface StatusDef {
  readonly key: string;
  readonly code: string | number;
  readonly label: string;
}

type Def<D extends readonly StatusDef[]> = D[number];

/** The derived views of one status set, in its declared order. */
export interface Statuses<D extends readonly StatusDef[]> {
  /** The declarations as given. */
  readonly list: D;
  /** key → code: `S.code.posted` is the literal code. */
  readonly code: { readonly [S in Def<D> as S['key']]: S['code'] };
  /** code → label. */
  readonly label: { readonly [S in Def<D> as S['code']]: S['label'] };
  /** key → label (a machine's state labels). */
  readonly labels: { readonly [S in Def<D> as S['key']]: S['label'] };
  /** The keys, in order. */
  readonly keys: readonly Def<D>['key'][];
  /** The codes, in order. */
  readonly codes: readonly Def<D>['code'][];
  /** The `[code, label]` pairs a static dictionary is made of (domain/dictionaries.ts `d`). */
  readonly entries: readonly (readonly [Def<D>['code'], Def<D>['label']])[];
  /**
   * The same pairs in another order, for a dictionary that lists them in its own (every key once;
   * the declared order stays that of `code`, `keys` and `codes`).
   */
  entriesIn(keys: readonly Def<D>['key'][]): readonly (readonly [Def<D>['code'], Def<D>['label']])[];
  /** The key of a code (compared as text, like a property read: 1 and '1' are one code); undefined when none. */
  keyOf(code: unknown): Def<D>['key'] | undefined;
  /** The code of a key; undefined when none. */
  codeOf(key: unknown): Def<D>['code'] | undefined;
  /** The label of a code ('' when none, like dictLabel). */
  labelOf(code: unknown): string;
  /** Whether a value is one of the codes (strictly: the number 1, not the text '1'). */
  has(code: unknown): code is Def<D>['code'];
}

/** The code type of a status set: `StatusCode<typeof docStates>` is 1 | 2 | 3 | 4. */
export type StatusCode<S extends Statuses<readonly StatusDef[]>> = S['list'][number]['code'];
/** The key type of a status set. */
export type StatusKey<S extends Statuses<readonly StatusDef[]>> = S['list'][number]['key'];

/**
 * `defineStatuses([{ key: 'posted', code: 1, label: '已入账' }, …] as const)`. A repeated key or
 * code is a mistake in the declaration and throws when the module loads.
 */
export function defineStatuses<const D extends readonly StatusDef[]>(list: D): Statuses<D> {
  const byKey = new Map<string, StatusDef>();
  const byCode = new Map<string, StatusDef>();
  for (const s of list) {
    if (byKey.has(s.key)) throw new Error(`status key ${s.key} declared twice`);
    if (byCode.has(String(s.code))) throw new Error(`status code ${String(s.code)} declared twice`);
    byKey.set(s.key, s);
    byCode.set(String(s.code), s);
  }
  type S = Def<D>;
  const freeze = <T>(pairs: [PropertyKey, unknown][]) => Object.freeze(Object.fromEntries(pairs)) as T;
  return Object.freeze({
    list,
    code: freeze<Statuses<D>['code']>(list.map((s) => [s.key, s.code])),
    label: freeze<Statuses<D>['label']>(list.map((s) => [s.code, s.label])),
    labels: freeze<Statuses<D>['labels']>(list.map((s) => [s.key, s.label])),
    keys: Object.freeze(list.map((s) => s.key as S['key'])),
    codes: Object.freeze(list.map((s) => s.code as S['code'])),
    entries: Object.freeze(
      list.map((s) => Object.freeze([s.code, s.label] as const) as readonly [S['code'], S['label']]),
    ),
    entriesIn: (keys: readonly S['key'][]) => {
      if (
        keys.length !== list.length ||
        new Set(keys).size !== keys.length ||
        !keys.every((k) => byKey.has(k))
      )
        throw new Error(
          `entriesIn: ${keys.join(',')} is not an order of ${list.map((s) => s.key).join(',')}`,
        );
      return keys.map((k) => {
        const s = byKey.get(k) as S;
        return [s.code, s.label] as const;
      });
    },
    keyOf: (code: unknown) => byCode.get(String(code))?.key as S['key'] | undefined,
    codeOf: (key: unknown) =>
      (typeof key === 'string' ? byKey.get(key)?.code : undefined) as S['code'] | undefined,
    labelOf: (code: unknown) => byCode.get(String(code))?.label ?? '',
    has: (code: unknown): code is S['code'] => list.some((s) => s.code === code),
  });
}
