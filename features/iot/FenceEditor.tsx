import {
  Alert,
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { IotPaths } from '../../domain/api/iot.js';
import type { Page } from '../../domain/codes.js';
import type { LngLat } from '../../domain/floorPlan.js';
import { buildingBounds } from '../../domain/floorPlan.js';
import { pathWith } from '../../domain/http.js';
import { Authority } from '../../domain/menus.js';
import {
  type EditableRail,
  fenceEditorMachine,
  MIN_VERTICES,
  openRing,
} from '../../machines/fenceEditorMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { usePage } from '../../src/router/page.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { positionTable } from '../../streams/positions.js';
import { FloorMap, MARKER_COLOURS } from './map/floorMap.js';
import { floorKeyOf } from './map/markers.js';
import { FloorPicker, useBuildingFloor } from './PositionMap.js';
import './iot.css';

interface RailRow {
  railId: number;
  railName: string;
  remark: string;
  buildingId: number;
  floorNo: number;
  polygon: LngLat[];
}
const editable = (r: RailRow): EditableRail => ({
  railId: r.railId,
  railName: r.railName,
  remark: r.remark,
  vertices: openRing(r.polygon),
});
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

const hints: Record<string, string> = {
  browsing: '选择一个围栏查看，或点击“新建围栏”在地图上绘制。',
  selected: '可编辑顶点或删除该围栏。',
  drawing: `在地图上依次点击围栏顶点（至少 ${MIN_VERTICES} 个），Backspace 撤销，回车完成，Esc 取消。`,
  editing: '拖动顶点改变围栏形状，双击顶点删除它；回车保存，Esc 取消。',
  naming: '填写围栏名称后保存。',
  saving: '正在保存…',
  confirmingDelete: '',
  deleting: '正在删除…',
};

/**
 * /yunmuIot/fence: the rails (geofences) of a floor drawn on its plan. The fence editor machine owns
 * the drawing and editing; this page gives it the map, the server and the dialogs.
 */
export function FenceEditor() {
  const { request, toast } = useApp();
  const canEdit = useAuthority(Authority.iotFenceEdit);
  const bf = useBuildingFloor();
  const floor = useRef(bf.choice);
  floor.current = bf.choice;
  const [rails, setRails] = useState<RailRow[]>([]);
  const [reloads, setReloads] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<FloorMap | null>(null);
  const table = useMemo(() => positionTable(1), []);

  const editor = useActorRef(
    fenceEditorMachine.provide({
      actions: {
        persist: ({ self }, { draft }) => {
          const where = floor.current;
          if (!where) return;
          const data = { ...draft, ...where, ...(draft.railId === null ? { railId: undefined } : {}) };
          request<{ railId: number } | null>({
            url: IotPaths.rails,
            method: draft.railId === null ? 'POST' : 'PUT',
            data,
            silent: true,
          }).then(
            (saved) => {
              toast('围栏已保存', 'success');
              self.send({
                type: 'save.done',
                rail: {
                  railId: draft.railId ?? saved?.railId ?? 0,
                  railName: draft.railName,
                  remark: draft.remark,
                  vertices: openRing(draft.polygon),
                },
              });
            },
            (e) => self.send({ type: 'save.failed', message: errorText(e) }),
          );
        },
        remove: ({ self }, { railId }) => {
          request({ url: pathWith(IotPaths.rail, { id: railId }), method: 'DELETE', silent: true }).then(
            () => {
              toast('围栏已删除', 'success');
              self.send({ type: 'delete.done' });
            },
            (e) => self.send({ type: 'delete.failed', message: errorText(e) }),
          );
        },
        reload: () => setReloads((n) => n + 1),
      },
    }),
    { input: { canEdit } },
  );
  const state = useSelector(editor, (s) => s.value as string);
  const { selected, vertices, error } = useSelector(editor, (s) => s.context);

  // The map, once.
  useEffect(() => {
    if (!container.current) return;
    const map = new FloorMap(container.current, table, {
      colourOf: () => MARKER_COLOURS.online,
      nameOf: () => '',
      onMapClick: (at) => editor.send({ type: 'vertex.add', at }),
      onRailPick: (railId) => {
        const rail = railsRef.current.find((r) => r.railId === railId);
        if (rail) editor.send({ type: 'rail.select', rail: editable(rail) });
      },
      onVertexMove: (index, at) => editor.send({ type: 'vertex.move', index, at }),
    });
    mapRef.current = map;
    (window as unknown as { __floorMap?: FloorMap }).__floorMap = map;
    map.map.doubleClickZoom.disable();
    map.map.getContainer().addEventListener('dblclick', (e) => {
      const rect = map.map.getContainer().getBoundingClientRect();
      const index = map.vertexAt({ x: e.clientX - rect.left, y: e.clientY - rect.top });
      if (index >= 0) editor.send({ type: 'vertex.remove', index });
    });
    return () => {
      map.destroy();
      mapRef.current = null;
    };
  }, [editor, table]);
  const railsRef = useRef(rails);
  railsRef.current = rails;

  // The floor's plan, camera and rails.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !bf.choice || !bf.building) return;
    map.setScene({ plan: bf.plan, floorKey: floorKeyOf(bf.choice.buildingId, bf.choice.floorNo) });
    map.fitTo(buildingBounds(bf.building));
  }, [bf.plan, bf.choice, bf.building]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads asks for a fresh list
  useEffect(() => {
    if (!bf.choice) return;
    let live = true;
    request<Page<RailRow>>({ url: IotPaths.railList, params: { ...bf.choice, pageHelper: 0 } }).then(
      ({ list }) => live && setRails(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bf.choice, reloads, request]);
  // A new floor starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the floor changes
  useEffect(() => {
    editor.send({ type: 'cancel' });
    editor.send({ type: 'cancel' });
  }, [bf.choice?.buildingId, bf.choice?.floorNo]);

  // What the map shows follows the editor.
  const shaping = state === 'drawing' || state === 'editing' || state === 'naming' || state === 'saving';
  useEffect(() => {
    const editingExisting = shaping && selected !== null;
    mapRef.current?.setScene({
      rails: rails
        .filter((r) => !(editingExisting && r.railId === selected?.railId))
        .map((r) => ({ railId: r.railId, railName: r.railName, polygon: r.polygon })),
      selectedRailId: selected?.railId ?? null,
      drawing: shaping ? vertices : [],
      drawingClosed: selected !== null || state === 'naming' || state === 'saving',
    });
  }, [rails, selected, vertices, state, shaping]);

  // Keyboard: Enter finishes, Backspace undoes, Escape cancels — only while this page is the one on
  // screen: a kept-alive hidden tab must not cancel a drawing on a key meant for another screen.
  const { active: shown } = usePage();
  // behind another tab, the map draws nothing (floorMap.ts setShown)
  useEffect(() => mapRef.current?.setShown(shown), [shown]);
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'Escape') editor.send({ type: 'cancel' });
      else if (e.key === 'Enter') editor.send({ type: 'shape.finish' });
      else if (e.key === 'Backspace' || (e.key === 'z' && (e.ctrlKey || e.metaKey)))
        editor.send({ type: 'vertex.undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor, shown]);

  const [draftName, setDraftName] = useState('');
  const [draftRemark, setDraftRemark] = useState('');
  const before = useRef(state);
  useEffect(() => {
    const from = before.current;
    before.current = state;
    if (state === 'drawing' && selected === null) {
      setDraftName('');
      setDraftRemark('');
    }
    // 命名 starts from the rail's stored name; back from a refused save, what the user typed stays
    if (state !== 'naming' || from === 'saving') return;
    setDraftName((n) => (selected ? selected.railName : n));
    setDraftRemark((r) => (selected ? selected.remark : r));
  }, [state, selected]);

  return (
    <div className="page position-page fence-page" data-testid="page-fence">
      <div className="map-toolbar">
        <FloorPicker bf={bf} />
        {canEdit && (state === 'browsing' || state === 'selected') ? (
          <Button icon="draw" intent={Intent.PRIMARY} onClick={() => editor.send({ type: 'draw.start' })}>
            新建围栏
          </Button>
        ) : null}
        {state === 'drawing' ? (
          <>
            <Button
              icon="undo"
              disabled={vertices.length === 0}
              onClick={() => editor.send({ type: 'vertex.undo' })}
            >
              撤销上一点
            </Button>
            <Button
              icon="tick"
              intent={Intent.PRIMARY}
              disabled={vertices.length < MIN_VERTICES}
              onClick={() => editor.send({ type: 'shape.finish' })}
            >
              完成绘制
            </Button>
          </>
        ) : null}
        {state === 'editing' ? (
          <Button icon="tick" intent={Intent.PRIMARY} onClick={() => editor.send({ type: 'shape.finish' })}>
            保存形状
          </Button>
        ) : null}
        {state === 'drawing' || state === 'editing' ? (
          <Button icon="cross" onClick={() => editor.send({ type: 'cancel' })}>
            取消
          </Button>
        ) : null}
        <span className="fence-hint" data-testid="fence-hint">
          {hints[state]}
          {state === 'drawing' || state === 'editing' ? ` 已有 ${vertices.length} 个顶点。` : ''}
        </span>
      </div>
      <div className="fence-body">
        <div className="map-wrap">
          <div ref={container} className="map-canvas" data-testid="map-canvas" />
        </div>
        <aside className="fence-list" data-testid="fence-list">
          <h4>本层围栏（{rails.length}）</h4>
          {rails.length === 0 ? <p className="muted">本层还没有围栏</p> : null}
          <ul>
            {rails.map((r) => (
              <li key={r.railId} className={r.railId === selected?.railId ? 'active' : ''}>
                <button
                  type="button"
                  className="linkish"
                  disabled={shaping}
                  onClick={() => editor.send({ type: 'rail.select', rail: editable(r) })}
                >
                  {r.railName}
                </button>
                <span className="muted"> {r.polygon.length - 1} 个顶点</span>
              </li>
            ))}
          </ul>
          {selected && !shaping ? (
            <div className="fence-detail" data-testid="fence-detail">
              <strong>{selected.railName}</strong>
              {selected.remark ? <p>{selected.remark}</p> : null}
              {error ? (
                <Callout intent={Intent.DANGER} data-testid="fence-error">
                  {error}
                </Callout>
              ) : null}
              {canEdit ? (
                <div className="fence-actions">
                  <Button icon="edit" onClick={() => editor.send({ type: 'edit.start' })}>
                    编辑围栏
                  </Button>
                  <Button
                    icon="trash"
                    intent={Intent.DANGER}
                    onClick={() => editor.send({ type: 'delete.request' })}
                  >
                    删除
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
        </aside>
      </div>
      <Dialog
        isOpen={state === 'naming' || state === 'saving'}
        title={selected ? '编辑围栏' : '新建围栏'}
        onClose={() => editor.send({ type: 'cancel' })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            editor.send({ type: 'save', railName: draftName, remark: draftRemark });
          }}
        >
          <DialogBody>
            <FormGroup label="围栏名称" labelFor="rail-name" labelInfo="(必填)">
              <InputGroup
                id="rail-name"
                value={draftName}
                maxLength={32}
                autoFocus
                onChange={(e) => setDraftName(e.currentTarget.value)}
              />
            </FormGroup>
            <FormGroup label="备注" labelFor="rail-remark">
              <TextArea
                id="rail-remark"
                fill
                maxLength={200}
                value={draftRemark}
                onChange={(e) => setDraftRemark(e.currentTarget.value)}
              />
            </FormGroup>
            <p className="muted">顶点 {vertices.length} 个</p>
            {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => editor.send({ type: 'cancel' })}>取消</Button>
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  loading={state === 'saving'}
                  disabled={draftName.trim() === ''}
                >
                  保存
                </Button>
              </>
            }
          />
        </form>
      </Dialog>
      <Alert
        isOpen={state === 'confirmingDelete' || state === 'deleting'}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="删除"
        cancelButtonText="取消"
        loading={state === 'deleting'}
        onConfirm={() => editor.send({ type: 'delete.confirm' })}
        onCancel={() => editor.send({ type: 'cancel' })}
      >
        确定删除围栏「{selected?.railName}」吗？
      </Alert>
    </div>
  );
}
