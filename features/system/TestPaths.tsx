import { Button, ButtonGroup, Callout, Checkbox, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { pathWith } from '../../domain/http.js';
import { useApp } from '../../src/app/AppContext.js';
import { downloadExport } from '../../src/resource/exportFile.js';
import {
  type DrawnMachineAnswer,
  type MachineItem,
  type PathKindName,
  type PathsAnswer,
  pathKinds,
  pathKindTitles,
  TestPathPaths,
} from './api.js';
import './testPaths.css';

/** What the diagram highlights: the paths through a state or a transition the tester clicked. */
type Focus = { kind: 'state' | 'transition'; id: string; label: string } | null;

const ZOOMS = [0.4, 0.55, 0.7, 0.85, 1, 1.25, 1.5, 2];

/**
 * /systemSetting/testPaths (issue #41): the testers' screen. The machines with their module and
 * counts; one drawn as its states and transitions (laid out by the server with dagre, the same
 * machine modules the console and the server run), each transition marked guarded and covered or not
 * by the end-to-end path spec; its paths by the generator of `npm run paths`, and the same sheet to
 * download as .xlsx or .csv.
 */
export function TestPaths() {
  const { request, toast } = useApp();
  const [machines, setMachines] = useState<MachineItem[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<DrawnMachineAnswer | null>(null);
  const [kind, setKind] = useState<PathKindName>('transitions');
  const [without, setWithout] = useState<string[]>([]);
  const [paths, setPaths] = useState<PathsAnswer | null>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const [zoom, setZoom] = useState(4);
  const [error, setError] = useState('');

  useEffect(() => {
    void request<MachineItem[]>({ url: TestPathPaths.machines }).then(setMachines, () => setMachines([]));
  }, [request]);

  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setDrawn(null);
    setPaths(null);
    setFocus(null);
    void request<DrawnMachineAnswer>({ url: pathWith(TestPathPaths.machine, { machine: chosen }) }).then(
      (d) => {
        if (!live) return;
        setDrawn(d);
        // the path spec's own choice first: what the end-to-end tests walk
        setKind(d.coverage?.kind ?? 'transitions');
        setWithout(d.coverage?.leftOut.map((l) => l.event) ?? []);
        setZoom(d.width > 1400 ? 2 : d.width > 1000 ? 3 : 4);
      },
    );
    return () => {
      live = false;
    };
  }, [chosen, request]);

  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ kind, without: without.join(','), ...extra }).toString();

  const generate = async () => {
    if (!chosen) return;
    setError('');
    try {
      setPaths(
        await request<PathsAnswer>({
          url: `${pathWith(TestPathPaths.paths, { machine: chosen })}?${query()}`,
          silent: true,
        }),
      );
    } catch (e) {
      setError((e as { message?: string }).message ?? '生成失败');
    }
  };

  const download = async (format: 'xlsx' | 'csv') => {
    if (!chosen || !drawn) return;
    const url = `${pathWith(TestPathPaths.sheet, { machine: chosen })}?${query({ format })}`;
    try {
      await downloadExport(url, `${drawn.title}测试用例.${format}`);
    } catch (e) {
      toast((e as { message?: string }).message || '网络异常，下载未完成', 'danger');
    }
  };

  /** A drawn state or transition as a button: a click or Enter shows the paths through it. */
  const focusable = (kind: 'state' | 'transition', id: string, label: string) => ({
    tabIndex: 0,
    role: 'button',
    onClick: () => setFocus({ kind, id, label }),
    onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && setFocus({ kind, id, label }),
  });

  /** The paths through the focused state or transition (all without a focus). */
  const shown = useMemo(() => {
    if (!paths) return [];
    const all = paths.paths.map((p, i) => ({ ...p, n: i + 1 }));
    if (!focus) return all;
    return all.filter((p) =>
      focus.kind === 'state'
        ? p.states.some((s) => s === focus.id || s.startsWith(`${focus.id}.`))
        : p.transitions.includes(focus.id),
    );
  }, [paths, focus]);
  const lit = useMemo(() => {
    if (!focus || !paths) return null;
    return {
      states: new Set(shown.flatMap((p) => p.states)),
      transitions: new Set(shown.flatMap((p) => p.transitions)),
    };
  }, [focus, paths, shown]);
  const shownRows = useMemo(() => {
    if (!paths) return [];
    const ids = new Set(shown.map((p) => `${drawn?.title ?? ''}-${String(p.n).padStart(3, '0')}`));
    return paths.rows.slice(1).filter((r) => ids.has(r[0] ?? ''));
  }, [paths, shown, drawn]);

  const scale = ZOOMS[zoom] ?? 1;
  return (
    <div className="page test-paths" data-testid="page-testPaths">
      <section className="test-paths-machines" aria-label="状态机列表">
        <HTMLTable compact striped interactive className="test-paths-table">
          <thead>
            <tr>
              <th scope="col">状态机</th>
              <th scope="col">所属模块</th>
              <th scope="col">状态</th>
              <th scope="col">转换</th>
              <th scope="col">端到端覆盖</th>
            </tr>
          </thead>
          <tbody>
            {(machines ?? []).map((m) => (
              <tr
                key={m.name}
                aria-selected={m.short === chosen}
                className={m.short === chosen ? 'chosen' : undefined}
              >
                <td>
                  <Button variant="minimal" size="small" onClick={() => setChosen(m.short)}>
                    {m.title}
                  </Button>
                </td>
                <td>{m.home}</td>
                <td>{m.states}</td>
                <td>{m.transitions}</td>
                <td>{m.coverage ? `${m.coverage.covered}/${m.coverage.total}` : '无路径测试'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {machines && <p className="test-paths-count">共 {machines.length} 个状态机</p>}
      </section>
      <section className="test-paths-detail" aria-label="状态机图与测试路径">
        {!chosen && <Callout>在左侧选择一个状态机，查看它的状态图、测试路径和用例表。</Callout>}
        {drawn && (
          <>
            <header className="test-paths-head">
              <h2>
                {drawn.title} <small className="mono">{drawn.file}</small>
              </h2>
              <div className="test-paths-legend">
                <Tag minimal intent="success">
                  已覆盖
                </Tag>{' '}
                <Tag minimal>未覆盖</Tag>{' '}
                <Tag minimal intent="warning">
                  [守卫] 有条件
                </Tag>
                {drawn.coverage && (
                  <span>
                    端到端路径测试（{pathKindTitles[drawn.coverage.kind]}）覆盖 {drawn.coverage.covered}/
                    {drawn.coverage.total} 个转换
                  </span>
                )}
              </div>
              <ButtonGroup aria-label="缩放">
                <Button
                  icon="zoom-out"
                  aria-label="缩小"
                  disabled={zoom === 0}
                  onClick={() => setZoom(zoom - 1)}
                />
                <Button onClick={() => setZoom(4)}>{Math.round(scale * 100)}%</Button>
                <Button
                  icon="zoom-in"
                  aria-label="放大"
                  disabled={zoom === ZOOMS.length - 1}
                  onClick={() => setZoom(zoom + 1)}
                />
              </ButtonGroup>
            </header>
            <div className="test-paths-diagram" data-testid="machine-diagram">
              {/* biome-ignore lint/a11y/useSemanticElements: the drawing holds focusable states and transitions, a <fieldset> cannot hold SVG */}
              <svg
                width={drawn.width * scale}
                height={drawn.height * scale}
                viewBox={`0 0 ${drawn.width} ${drawn.height}`}
                role="group"
                aria-label={`${drawn.title}状态图：${drawn.states.length} 个状态，${drawn.transitions.length} 个转换`}
              >
                <defs>
                  <marker
                    id="arrow"
                    viewBox="0 0 10 10"
                    refX="9"
                    refY="5"
                    markerWidth="7"
                    markerHeight="7"
                    orient="auto"
                  >
                    <path d="M0,0 L10,5 L0,10 z" fill="context-stroke" />
                  </marker>
                </defs>
                {drawn.states
                  .filter((s) => s.kind === 'compound' || s.kind === 'parallel')
                  .map((s) => (
                    <g
                      key={s.id}
                      className={`tp-cluster${lit && !lit.states.has(s.id) && ![...lit.states].some((x) => x.startsWith(`${s.id}.`)) ? ' dim' : ''}`}
                    >
                      <rect
                        x={s.x - s.width / 2}
                        y={s.y - s.height / 2}
                        width={s.width}
                        height={s.height}
                        rx={8}
                      />
                      <text x={s.x - s.width / 2 + 10} y={s.y - s.height / 2 + 17}>
                        {s.label}
                        {s.kind === 'parallel' ? '（并行）' : ''}
                      </text>
                    </g>
                  ))}
                {drawn.transitions.map((t) => {
                  const d = t.points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
                  const dim = lit && !lit.transitions.has(t.id);
                  const classes = [
                    'tp-edge',
                    t.covered ? 'covered' : 'uncovered',
                    t.guard ? 'guarded' : '',
                    dim ? 'dim' : '',
                    focus?.id === t.id ? 'focused' : '',
                  ];
                  return (
                    <g
                      key={t.id}
                      className={classes.filter(Boolean).join(' ')}
                      data-transition={t.id}
                      data-covered={t.covered}
                    >
                      <path d={d} markerEnd="url(#arrow)" />
                      <text
                        x={t.labelAt.x}
                        y={t.labelAt.y + 4}
                        textAnchor="middle"
                        aria-label={`转换 ${t.label}${t.covered ? '（已覆盖）' : '（未覆盖）'}`}
                        {...focusable('transition', t.id, t.label)}
                      >
                        <title>
                          {t.leftOut
                            ? `端到端未走：${t.leftOut}`
                            : t.covered
                              ? '端到端路径测试走过'
                              : '端到端路径测试未走过'}
                        </title>
                        {t.label}
                      </text>
                    </g>
                  );
                })}
                {drawn.states
                  .filter((s) => s.kind === 'atomic' || s.kind === 'final')
                  .map((s) => (
                    <g
                      key={s.id}
                      className={`tp-state${s.initial ? ' initial' : ''}${s.kind === 'final' ? ' final' : ''}${lit && !lit.states.has(s.id) ? ' dim' : ''}${focus?.id === s.id ? ' focused' : ''}`}
                      data-state={s.id}
                      aria-label={`状态 ${s.label}`}
                      {...focusable('state', s.id, s.label)}
                    >
                      <rect
                        x={s.x - s.width / 2}
                        y={s.y - s.height / 2}
                        width={s.width}
                        height={s.height}
                        rx={18}
                      />
                      <text x={s.x} y={s.y + 5} textAnchor="middle">
                        {s.label}
                      </text>
                    </g>
                  ))}
              </svg>
            </div>
            {drawn.coverage && drawn.coverage.leftOut.length > 0 && (
              <Callout intent="primary" title="端到端路径测试排除的事件" className="test-paths-leftout">
                <ul>
                  {drawn.coverage.leftOut.map((l) => (
                    <li key={l.event}>
                      <strong>{l.label}</strong>：{l.reason}
                    </li>
                  ))}
                </ul>
              </Callout>
            )}
            <div className="test-paths-controls">
              <label htmlFor="test-paths-kind">路径类型</label>
              <HTMLSelect
                id="test-paths-kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as PathKindName)}
              >
                {pathKinds.map((k) => (
                  <option key={k} value={k}>
                    {pathKindTitles[k]}
                  </option>
                ))}
              </HTMLSelect>
              <fieldset className="test-paths-without">
                <legend>排除事件</legend>
                {drawn.events.map((e) => (
                  <Checkbox
                    key={e.type}
                    inline
                    label={e.label}
                    checked={without.includes(e.type)}
                    onChange={(ev) =>
                      setWithout(
                        ev.currentTarget.checked ? [...without, e.type] : without.filter((w) => w !== e.type),
                      )
                    }
                  />
                ))}
              </fieldset>
              <Button intent="primary" onClick={() => void generate()}>
                生成路径
              </Button>
              <Button icon="download" disabled={!paths} onClick={() => void download('xlsx')}>
                下载 .xlsx
              </Button>
              <Button icon="download" disabled={!paths} onClick={() => void download('csv')}>
                下载 .csv
              </Button>
            </div>
            {error && <Callout intent="danger">{error}</Callout>}
            {paths && (
              <>
                <p className="test-paths-count" role="status">
                  {pathKindTitles[paths.kind]}：共 {paths.paths.length} 条路径
                  {focus && (
                    <>
                      ，经过{focus.kind === 'state' ? '状态' : '转换'}「{focus.label}」的 {shown.length} 条{' '}
                      <Button size="small" variant="minimal" onClick={() => setFocus(null)}>
                        显示全部
                      </Button>
                    </>
                  )}
                </p>
                <HTMLTable compact striped className="test-paths-rows" aria-label="测试用例">
                  <thead>
                    <tr>
                      {(paths.rows[0] ?? []).map((h) => (
                        <th key={h} scope="col">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {shownRows.map((r) => (
                      <tr key={`${r[0]}-${r[2]}`}>
                        {r.map((c, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet row's cells are its columns, in order
                          <td key={i}>{c}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}
