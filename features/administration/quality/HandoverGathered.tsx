import { Button, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { useApp } from '../../../src/app/AppContext.js';
import { type GatheredLine as Gathered, type HandoverGather, QualityPaths as P } from '../api/quality.js';

type Gather = HandoverGather;

const groups: [keyof Gather, string][] = [
  ['alarms', '未处理告警'],
  ['vitals', '异常体征'],
  ['tasks', '未完成或拒绝的护理任务'],
  ['outings', '外出中的长者'],
];

/**
 * 本班待交代: what the handover's department and shift gathered (GET handoverGather?handoverId=),
 * each line taken into its elder's note with 记入交代 (PUT handoverTake) while the handover is open.
 */
export function HandoverGathered(props: {
  handoverId: number;
  version: number;
  canTake: boolean;
  onTaken(): void;
}) {
  const { request, toast } = useApp();
  const [gather, setGather] = useState<Gather | null>(null);
  const { handoverId, version } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after a note changes
  useEffect(() => {
    let live = true;
    request<Gather>({ url: P.handoverGather, params: { handoverId }, silent: true }).then(
      (g) => live && setGather(g),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, handoverId, version]);
  if (!gather) return null;
  // a refusal is shown by the client, with the server's words
  const take = (g: Gathered) =>
    request({
      url: pathWith(P.handoverTake, { id: handoverId }),
      method: 'PUT',
      data: { oldmanId: g.oldmanId, text: g.text },
    }).then(
      () => {
        toast(`已记入${g.oldmanName ?? ''}的交代`, 'success');
        props.onTaken();
      },
      () => props.onTaken(),
    );
  const total = groups.reduce((n, [key]) => n + (gather[key] as Gathered[]).length, 0);
  return (
    <section data-testid="handover-gathered">
      <h4 className="quality-section">
        本班待交代（{gather.from.slice(5, 16)} 至 {gather.to.slice(5, 16)}）
      </h4>
      {total === 0 ? <p>本班次没有需要交代的告警、异常体征、未完成任务或外出长者</p> : null}
      {groups.map(([key, title]) => {
        const rows = gather[key] as Gathered[];
        if (!rows.length) return null;
        return (
          <div key={key}>
            <h5 className="quality-section">
              {title}（{rows.length}）
            </h5>
            <HTMLTable compact striped className="quality-gathered" aria-label={title}>
              <thead>
                <tr>
                  <th>长者</th>
                  <th>床位</th>
                  <th>时间</th>
                  <th>情况</th>
                  {props.canTake ? <th>操作</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => (
                  <tr key={`${g.kind}-${g.oldmanId}-${g.time}-${g.text}`}>
                    <td>{g.oldmanName ?? '—'}</td>
                    <td>{g.bedName ?? ''}</td>
                    <td>{g.time.slice(0, 16)}</td>
                    <td>{g.text}</td>
                    {props.canTake ? (
                      <td>
                        <Button
                          small
                          text="记入交代"
                          disabled={g.oldmanId === null}
                          onClick={() => void take(g)}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        );
      })}
    </section>
  );
}
