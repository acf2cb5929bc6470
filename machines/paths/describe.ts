import dagre from '@dagrejs/dagre';
import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import {
  eventName,
  type FoundMachine,
  type GeneratedPath,
  generatePaths,
  type PathKind,
  stateName,
  withoutInvocations,
} from './generate.js';
import { pathModels } from './models.js';
import type { SpecPlan } from './specPlans.js';

/**
 * A machine as the testers' screen draws it (系统管理 › 状态机与测试路径, issue #41): its states and
 * transitions laid out by dagre, in Chinese, each transition marked guarded or not and covered or not
 * by the end-to-end path spec. Everything comes from the machine itself and the generator of
 * `npm run paths` (generate.ts); nothing here restates a machine.
 */
export interface DrawnState {
  /** The state's path in the machine (`connected.live`); the root is not drawn. */
  id: string;
  label: string;
  /** The compound or parallel state it is drawn inside, or null at the top. */
  parent: string | null;
  kind: 'atomic' | 'compound' | 'parallel' | 'final';
  /** Where the machine (or its parent) starts. */
  initial: boolean;
  /** Centre and size, in the diagram's units (pixels at zoom 1). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawnTransition {
  /** `source|event|n`: the n-th transition (guarded alternatives) of the source's event. */
  id: string;
  source: string;
  /** A transition without a target stays where it is: drawn as a loop. */
  target: string;
  event: string;
  label: string;
  /** The guard's Chinese name where the transition has one (it may be refused in the state). */
  guard: string | null;
  /** Taken by at least one path of the machine's end-to-end path spec. */
  covered: boolean;
  /** Why the path spec never sends its event (specPlans.ts), where it does not. */
  leftOut: string | null;
  points: { x: number; y: number }[];
  labelAt: { x: number; y: number };
}

export interface DrawnMachine {
  width: number;
  height: number;
  states: DrawnState[];
  transitions: DrawnTransition[];
}

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(nodesOf),
];

/** A node's path below the root: `connected.live`. */
const idOf = (node: AnyStateNode) => node.path.join('.');

/** The leaf a transition into `node` ends in, for the layout (dagre draws no edge into a cluster). */
function entryLeaf(node: AnyStateNode): AnyStateNode {
  let at = node;
  for (;;) {
    const children = Object.values(at.states);
    if (!children.length) return at;
    const initial = at.initial?.target?.[0];
    at = at.type === 'parallel' || !initial ? (children[0] as AnyStateNode) : initial;
  }
}

/** The machine's graph the paths are walked on (invocations as plain events, as generate.ts walks it). */
export function testableMachine(found: FoundMachine): AnyStateMachine {
  return withoutInvocations(found.machine);
}

/** Each transition's id (`source|event|n`), by its definition in the machine walked. */
export function transitionIds(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const ids = new Map<AnyTransitionDefinition, string>();
  for (const node of nodesOf(machine.root))
    for (const [type, defs] of node.transitions)
      for (const [n, def] of defs.entries()) ids.set(def, `${idOf(node)}|${type}|${n}`);
  return ids;
}

/** The state paths a value is in (`connected.live`, and each region of a parallel state). */
const leaves = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix + value]
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`))
      : [];

/**
 * A path replayed on the machine: the states it passes and the transition definitions the machine
 * selects for each step's event, so a guarded alternative counts only where it was the one taken.
 */
export function replay(
  found: FoundMachine,
  machine: AnyStateMachine,
  path: GeneratedPath,
): { states: string[]; taken: AnyTransitionDefinition[] } {
  let [at] = initialTransition(machine, pathModels[found.name]?.input as never);
  const states = new Set(leaves(at.value));
  const taken: AnyTransitionDefinition[] = [];
  for (const step of path.steps) {
    taken.push(...machine.getTransitionData(at as never, step.event as never));
    [at] = transition(machine, at as never, step.event as never);
    for (const leaf of leaves(at.value)) states.add(leaf);
  }
  return { states: [...states], taken };
}

/** The transitions the paths take. */
export function transitionsTaken(
  found: FoundMachine,
  machine: AnyStateMachine,
  paths: GeneratedPath[],
): Set<AnyTransitionDefinition> {
  return new Set(paths.flatMap((p) => replay(found, machine, p).taken));
}

/**
 * The Chinese name of a transition's guard (the machine's `guardLabels`), or null without one. XState's
 * and/or/not are read through to the guards they combine; an inline function has no name: 条件.
 */
export function guardLabel(found: FoundMachine, guard: unknown): string | null {
  if (!guard) return null;
  const named = (name: string) => found.guardLabels[name] ?? name;
  if (typeof guard === 'string') return named(guard);
  if (typeof guard === 'object' && 'type' in guard) return named(String((guard as { type: unknown }).type));
  const combined = guard as { name?: string; guards?: unknown[] };
  if (typeof guard === 'function' && Array.isArray(combined.guards)) {
    const parts = combined.guards.map((g) => guardLabel(found, g) ?? '条件');
    if (combined.name === 'and') return parts.join('且');
    if (combined.name === 'or') return parts.join('或');
    if (combined.name === 'not') return `非「${parts[0] ?? '条件'}」`;
  }
  return '条件';
}

/** Width of a label in the diagram: CJK characters are square, the rest half as wide. */
const textWidth = (text: string, size: number) =>
  [...text].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? size : size * 0.6), 0);

/** The machine drawn, with what the path spec of `plan` covers (none covered without a plan). */
export function drawMachine(found: FoundMachine, plan: SpecPlan | undefined): DrawnMachine {
  const machine = testableMachine(found);
  const covered = plan
    ? transitionsTaken(found, machine, generatePaths(found, plan.kind, Object.keys(plan.without)))
    : new Set<AnyTransitionDefinition>();
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 28, ranksep: 90, edgesep: 14, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const nodes = nodesOf(machine.root).filter((n) => n !== machine.root);
  const states: Omit<DrawnState, 'x' | 'y' | 'width' | 'height'>[] = nodes.map((node) => {
    const parent = node.parent && node.parent !== machine.root ? idOf(node.parent) : null;
    const kind: DrawnState['kind'] =
      node.type === 'parallel'
        ? 'parallel'
        : node.type === 'final'
          ? 'final'
          : Object.keys(node.states).length
            ? 'compound'
            : 'atomic';
    return {
      id: idOf(node),
      label: kind === 'atomic' || kind === 'final' ? stateName(found, idOf(node)) : nodeLabel(found, node),
      parent,
      kind,
      initial: node.parent?.type !== 'parallel' && node.parent?.initial?.target?.[0] === node,
    };
  });
  for (const s of states) {
    if (s.kind === 'atomic' || s.kind === 'final')
      g.setNode(s.id, { width: Math.max(72, textWidth(s.label, 13) + 28), height: 36 });
    else g.setNode(s.id, { label: s.label, paddingTop: 26 });
    if (s.parent) g.setParent(s.id, s.parent);
  }
  const ids = transitionIds(machine);
  const transitions: Omit<DrawnTransition, 'points' | 'labelAt'>[] = [];
  for (const node of nodes)
    for (const [type, defs] of node.transitions) {
      if (type === '*') continue;
      for (const def of defs) {
        const target = def.target?.[0] ?? node;
        const label = eventName(found, { type } as EventObject);
        const id = ids.get(def) ?? '';
        const guard = guardLabel(found, def.guard);
        transitions.push({
          id,
          source: idOf(node),
          target: idOf(target),
          event: type,
          label: guard ? `${label} [${guard}]` : label,
          guard,
          covered: covered.has(def),
          leftOut: plan?.without[type] ?? null,
        });
        g.setEdge(
          idOf(entryLeaf(node)),
          idOf(entryLeaf(target)),
          { width: textWidth(guard ? `${label} [${guard}]` : label, 12) + 8, height: 18, labelpos: 'c' },
          id,
        );
      }
    }
  dagre.layout(g);
  const graph = g.graph();
  return {
    width: Math.ceil(graph.width ?? 0),
    height: Math.ceil(graph.height ?? 0),
    states: states.map((s) => {
      const at = g.node(s.id);
      return { ...s, x: at.x, y: at.y, width: at.width, height: at.height };
    }),
    transitions: transitions.map((t) => {
      const at = g.edge({
        v: idOf(entryLeaf(nodeById(machine, t.source))),
        w: idOf(entryLeaf(nodeById(machine, t.target))),
        name: t.id,
      });
      const labelAt = { x: round(at.x ?? 0), y: round(at.y ?? 0) };
      const points =
        t.source === t.target
          ? loopAround(g.node(idOf(entryLeaf(nodeById(machine, t.source)))), labelAt, at.width ?? 0)
          : (at.points ?? []).map((p: { x: number; y: number }) => ({ x: round(p.x), y: round(p.y) }));
      return { ...t, points, labelAt };
    }),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A transition back into its own state, drawn as a loop out of the state's side facing its label and
 * over the label (dagre places the label; its own points for a loop run through the text).
 */
function loopAround(
  node: { x: number; y: number; width: number; height: number },
  label: { x: number; y: number },
  labelWidth: number,
): { x: number; y: number }[] {
  const below = label.y > node.y;
  const edge = node.y + ((below ? 1 : -1) * node.height) / 2;
  const over = label.y + (below ? -10 : 10);
  const half = Math.max(labelWidth / 2, node.width / 4) + 4;
  return [
    { x: round(node.x + node.width / 4), y: round(edge) },
    { x: round(label.x + half), y: round(over) },
    { x: round(label.x - half), y: round(over) },
    { x: round(node.x - node.width / 4), y: round(edge) },
  ];
}

function nodeById(machine: AnyStateMachine, id: string): AnyStateNode {
  let at: AnyStateNode = machine.root;
  for (const key of id.split('.')) at = at.states[key] as AnyStateNode;
  return at;
}

/** A compound or parallel state's Chinese name: its label or description, else its key. */
function nodeLabel(found: FoundMachine, node: AnyStateNode): string {
  const meta = node.meta as { label?: string } | undefined;
  return found.stateLabels[idOf(node)] ?? meta?.label ?? node.description ?? node.key;
}

/**
 * What the machine's e2e path spec covers, without drawing it (the list's column): the transitions its
 * plan's paths take, of all the machine's transitions.
 */
export function coverageOf(found: FoundMachine, plan: SpecPlan): { covered: number; total: number } {
  const machine = testableMachine(found);
  const taken = transitionsTaken(found, machine, generatePaths(found, plan.kind, Object.keys(plan.without)));
  const covered = [...taken].filter((def) => def.eventType !== '*').length;
  return { covered, total: machineSize(found).transitions };
}

/** How many states and transitions a machine has (the list's counts). */
export function machineSize(found: FoundMachine): { states: number; transitions: number } {
  const nodes = nodesOf(found.machine.root).filter((n) => n !== found.machine.root);
  const machine = testableMachine(found);
  const transitions = nodesOf(machine.root).reduce(
    (sum, n) => sum + [...n.transitions].filter(([t]) => t !== '*').reduce((s, [, d]) => s + d.length, 0),
    0,
  );
  return { states: nodes.length, transitions };
}

export type { PathKind };
