import { assign, setup } from 'xstate';
import type { LngLat } from '../domain/floorPlan.js';

/** A rail (fence) as the editor sees it: an open ring of vertices (the first is not repeated). */
export interface EditableRail {
  railId: number;
  railName: string;
  remark: string;
  vertices: LngLat[];
}
export interface RailDraft {
  railId: number | null;
  railName: string;
  remark: string;
  /** Closed ring, as the server wants it. */
  polygon: LngLat[];
}
export interface FenceEditorContext {
  canEdit: boolean;
  selected: EditableRail | null;
  /** Vertices being drawn or moved. */
  vertices: LngLat[];
  /** The server's refusal of the last save or delete, shown where it happened. */
  error: string | null;
}
export type FenceEditorEvent =
  | { type: 'rail.select'; rail: EditableRail }
  | { type: 'rail.deselect' }
  | { type: 'draw.start' }
  | { type: 'vertex.add'; at: LngLat }
  | { type: 'vertex.undo' }
  | { type: 'vertex.move'; index: number; at: LngLat }
  | { type: 'vertex.remove'; index: number }
  | { type: 'shape.finish' }
  | { type: 'edit.start' }
  | { type: 'save'; railName: string; remark: string }
  | { type: 'save.done'; rail: EditableRail }
  | { type: 'save.failed'; message: string }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.done' }
  | { type: 'delete.failed'; message: string }
  | { type: 'cancel' };

/** The fewest vertices a rail may have (a triangle). */
export const MIN_VERTICES = 3;

export const closeRing = (vertices: LngLat[]): LngLat[] => {
  const first = vertices[0];
  return first ? [...vertices, first] : [];
};
/** The server stores a closed ring; the editor works on the open one. */
export const openRing = (polygon: LngLat[]): LngLat[] => {
  const [first, last] = [polygon[0], polygon[polygon.length - 1]];
  return first && last && polygon.length > 1 && first[0] === last[0] && first[1] === last[1]
    ? polygon.slice(0, -1)
    : polygon;
};

/**
 * The rail (fence) editor of /yunmuIot/fence: browse the floor's rails, select one, draw a new one
 * vertex by vertex, move or remove the vertices of an existing one, name it, save it, delete it.
 * Saving and deleting are the page's business: it provides `persist` and `remove`, which send
 * save.done / save.failed and delete.done / delete.failed back. A user without the edit authority
 * can only browse and select.
 */
export const fenceEditorMachine = setup({
  types: {
    context: {} as FenceEditorContext,
    events: {} as FenceEditorEvent,
    input: {} as { canEdit: boolean },
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    enoughVertices: ({ context }) => context.vertices.length >= MIN_VERTICES,
    hasVertices: ({ context }) => context.vertices.length > 0,
    vertexExists: ({ context, event }) =>
      'index' in event && event.index >= 0 && event.index < context.vertices.length,
    canRemoveVertex: ({ context, event }) =>
      'index' in event &&
      event.index >= 0 &&
      event.index < context.vertices.length &&
      context.vertices.length > MIN_VERTICES,
    nameGiven: ({ event }) => event.type === 'save' && event.railName.trim().length > 0,
  },
  actions: {
    /** Sends the draft to the server; the page answers with save.done or save.failed. */
    persist: (_, _params: { draft: RailDraft }) => undefined,
    /** Deletes the rail on the server; the page answers with delete.done or delete.failed. */
    remove: (_, _params: { railId: number }) => undefined,
    /** Asks the page to reload the floor's rails. */
    reload: () => undefined,
    select: assign({
      selected: ({ event }) => (event.type === 'rail.select' ? event.rail : null),
      error: null,
    }),
    clearSelection: assign({ selected: null, vertices: [], error: null }),
    startDrawing: assign({ selected: null, vertices: [], error: null }),
    startEditing: assign({
      vertices: ({ context }) => context.selected?.vertices ?? [],
      error: null,
    }),
    addVertex: assign({
      vertices: ({ context, event }) =>
        event.type === 'vertex.add' ? [...context.vertices, event.at] : context.vertices,
    }),
    undoVertex: assign({ vertices: ({ context }) => context.vertices.slice(0, -1) }),
    moveVertex: assign({
      vertices: ({ context, event }) =>
        event.type === 'vertex.move'
          ? context.vertices.map((v, i) => (i === event.index ? event.at : v))
          : context.vertices,
    }),
    removeVertex: assign({
      vertices: ({ context, event }) =>
        event.type === 'vertex.remove'
          ? context.vertices.filter((_, i) => i !== event.index)
          : context.vertices,
    }),
    saved: assign({
      selected: ({ event }) => (event.type === 'save.done' ? event.rail : null),
      vertices: [],
      error: null,
    }),
    failed: assign({
      error: ({ event }) =>
        event.type === 'save.failed' || event.type === 'delete.failed' ? event.message : null,
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'fenceEditor',
  context: ({ input }) => ({ canEdit: input.canEdit, selected: null, vertices: [], error: null }),
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'rail.select': { target: 'selected', actions: 'select' },
        'draw.start': { guard: 'canEdit', target: 'drawing', actions: 'startDrawing' },
      },
    },
    selected: {
      on: {
        'rail.select': { target: 'selected', reenter: true, actions: 'select' },
        'rail.deselect': { target: 'browsing', actions: 'clearSelection' },
        cancel: { target: 'browsing', actions: 'clearSelection' },
        'draw.start': { guard: 'canEdit', target: 'drawing', actions: 'startDrawing' },
        'edit.start': { guard: 'canEdit', target: 'editing', actions: 'startEditing' },
        'delete.request': { guard: 'canEdit', target: 'confirmingDelete', actions: 'clearError' },
      },
    },
    drawing: {
      on: {
        'vertex.add': { actions: 'addVertex' },
        'vertex.undo': { guard: 'hasVertices', actions: 'undoVertex' },
        'vertex.move': { guard: 'vertexExists', actions: 'moveVertex' },
        'shape.finish': { guard: 'enoughVertices', target: 'naming' },
        cancel: { target: 'browsing', actions: 'clearSelection' },
      },
    },
    editing: {
      on: {
        'vertex.move': { guard: 'vertexExists', actions: 'moveVertex' },
        'vertex.remove': { guard: 'canRemoveVertex', actions: 'removeVertex' },
        'shape.finish': { target: 'naming' },
        cancel: { target: 'selected', actions: assign({ vertices: [], error: null }) },
      },
    },
    naming: {
      on: {
        save: { guard: 'nameGiven', target: 'saving' },
        cancel: [
          { guard: ({ context }) => context.selected !== null, target: 'editing', actions: 'clearError' },
          { target: 'drawing', actions: 'clearError' },
        ],
      },
    },
    saving: {
      entry: {
        type: 'persist',
        params: ({ context, event }) => ({
          draft: {
            railId: context.selected?.railId ?? null,
            railName: event.type === 'save' ? event.railName.trim() : '',
            remark: event.type === 'save' ? event.remark.trim() : '',
            polygon: closeRing(context.vertices),
          },
        }),
      },
      on: {
        'save.done': { target: 'selected', actions: ['saved', 'reload'] },
        'save.failed': { target: 'naming', actions: 'failed' },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': { target: 'deleting' },
        cancel: { target: 'selected' },
      },
    },
    deleting: {
      entry: {
        type: 'remove',
        params: ({ context }) => ({ railId: context.selected?.railId ?? 0 }),
      },
      on: {
        'delete.done': { target: 'browsing', actions: ['clearSelection', 'reload'] },
        'delete.failed': { target: 'selected', actions: 'failed' },
      },
    },
  },
});

/** Chinese names of the machine's events and states (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'rail.select': '选中围栏',
  'rail.deselect': '取消选中',
  'draw.start': '开始绘制',
  'vertex.add': '添加顶点',
  'vertex.move': '拖动顶点',
  'vertex.remove': '删除顶点',
  'vertex.undo': '撤销顶点',
  'shape.finish': '完成图形',
  'edit.start': '编辑围栏',
  save: '保存',
  'save.done': '保存成功',
  'save.failed': '保存失败',
  cancel: '取消',
  'delete.request': '删除围栏',
  'delete.confirm': '确认删除',
  'delete.done': '删除成功',
  'delete.failed': '删除失败',
};
export const stateLabels: Record<string, string> = {
  browsing: '浏览',
  selected: '已选中',
  drawing: '绘制中',
  editing: '编辑中',
  naming: '命名',
  saving: '保存中',
  confirmingDelete: '确认删除',
  deleting: '删除中',
};

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  canEdit: '有编辑权限',
  enoughVertices: '顶点数足够',
  hasVertices: '已有顶点',
  vertexExists: '顶点存在',
  canRemoveVertex: '删后顶点仍足够',
  nameGiven: '已填围栏名称',
};
