import {
  Button,
  Callout,
  Card,
  DialogBody,
  DialogFooter,
  FormGroup,
  H5,
  Icon,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { bodySchema } from '../../domain/resource.js';
import { HomecareAuthority, ServeStatus } from '../../domain/statuses/homecare.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import type { Row } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { serveOrderEvaluationResource as def } from './resources/orders.js';
import './homecare.css';

const SCORES = [1, 2, 3, 4, 5] as const;
/** Blueprint's gold (inline, so a button's icon colour does not grey it). */
const STAR_COLOR = '#d99e0b';
const createSchema = bodySchema(def, 'create');
/** The words of a score (the dictionary's label without its stars, which show as icons here). */
const scoreWords = (score: number) => dictLabel('serviceScore', score).replace(/^[★☆]+\s*/, '');

/** Only completed orders are evaluated (closed ones too: an after-sale ends an order completed). */
export const evaluable = (order: Row) =>
  Number(order.serveStatus) === ServeStatus.completed || Number(order.serveStatus) === ServeStatus.closed;

/** The order's evaluation (one at most), reloaded when refreshKey changes; undefined while loading. */
export function useOrderEvaluation(orderId: number, refreshKey: unknown): Row | null | undefined {
  const { request } = useApp();
  const [evaluation, setEvaluation] = useState<Row | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    request<{ list: Row[] }>({
      url: def.api.list as string,
      params: { orderId, pageHelper: 0 },
      silent: true,
    }).then(
      (page) => live && setEvaluation(page.list[0] ?? null),
      () => live && setEvaluation(null),
    );
    return () => {
      live = false;
    };
  }, [orderId, request, refreshKey]);
  return evaluation;
}

/** Five stars; the chosen score and those below it are lit. With onChange each star is a choice. */
function Stars({ score, onChange }: { score: number; onChange?(score: number): void }) {
  const star = (n: number) => (
    <Icon key={n} icon={n <= score ? 'star' : 'star-empty'} color={STAR_COLOR} size={18} />
  );
  if (!onChange)
    return (
      <span className="homecare-stars" role="img" aria-label={`${score}星`}>
        {SCORES.map(star)}
      </span>
    );
  return (
    <div className="homecare-stars" role="radiogroup" aria-label="评分">
      {SCORES.map((n) => (
        <Button
          key={n}
          variant="minimal"
          role="radio"
          aria-checked={n === score}
          aria-label={`${n}星`}
          icon={star(n)}
          onClick={() => onChange(n)}
        />
      ))}
    </div>
  );
}

/** 评价: a score of one to five stars and what the elder or the family said. */
export function EvaluationDialog({ order, onClose }: { order: Row; onClose(changed: boolean): void }) {
  const { request, toast } = useApp();
  const [score, setScore] = useState(0);
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // the definition's schema: the same Chinese messages as the server's
    const checked = createSchema.safeParse({ orderId: order.orderId, score: score || '', content });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? '请检查评价');
    setBusy(true);
    try {
      await request({ url: def.api.create as string, method: 'POST', data: checked.data, silent: true });
      toast('评价成功', 'success');
      onClose(true);
    } catch (e) {
      setError((e as { message?: string }).message ?? '评价失败');
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`服务评价：${String(order.orderNo)}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? (
          <Callout intent={Intent.DANGER} data-testid="evaluation-error">
            {error}
          </Callout>
        ) : null}
        <p className="homecare-dialog-summary">
          {String(order.oldmanName ?? '')} · {String(order.projectName ?? '')} · 服务人员{' '}
          {String(order.nursingName ?? '')}
        </p>
        <FormGroup label="评分" className="resource-required">
          <div className="homecare-score">
            <Stars
              score={score}
              onChange={(n) => {
                setScore(n);
                setError('');
              }}
            />
            <span>{score ? scoreWords(score) : '请点击星星评分'}</span>
          </div>
        </FormGroup>
        <FormGroup label="评价内容" labelFor="hc-evaluation">
          <TextArea
            id="hc-evaluation"
            fill
            rows={4}
            value={content}
            maxLength={300}
            placeholder="服务态度、准时情况、服务质量等"
            onChange={(e) => setContent(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text="提交评价" loading={busy} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

/** The evaluation of an order, as given. */
export function EvaluationCard({ evaluation }: { evaluation: Row }) {
  const score = Number(evaluation.score);
  return (
    <Card className="homecare-log" data-testid="order-evaluation">
      <H5>服务评价</H5>
      <div className="homecare-score">
        <Stars score={score} />
        <strong>{scoreWords(score)}</strong>
        <span className="homecare-timeline-time">{String(evaluation.createTime ?? '')}</span>
      </div>
      <p className="homecare-evaluation-text">{String(evaluation.content ?? '') || '（未填写评价内容）'}</p>
    </Card>
  );
}

/** Whether the user may evaluate this order now. */
export function useMayEvaluate(order: Row | null, evaluation: Row | null | undefined) {
  const granted = useAuthority(HomecareAuthority.orderEvaluate);
  return granted && order !== null && evaluable(order) && evaluation === null;
}
