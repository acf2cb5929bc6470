import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  FormGroup,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import type { FieldDef } from '../../../domain/resource.js';
import { assessmentWorkflow } from '../../../machines/assessmentMachine.js';
import { offers } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { hasAuthority } from '../../../src/auth/authorityStore.js';
import { FieldInput } from '../../../src/resource/FieldInput.js';
import type { Row } from '../../../src/resource/index.js';
import { useLookup } from '../../../src/resource/useLookup.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { ChoiceSelect } from '../../../src/ui/ChoiceSelect.js';
import { openPrintView } from '../../../src/ui/printView.js';
import { FormFieldset } from '../../../src/ui/storedForm.js';
import { AssessmentPaths, assessmentPath } from '../api/assessment.js';
import { AssessmentAuthority, AssessmentScreens, assessmentKinds } from '../resources/assessment.js';
import { answerProblem, type Scale, scaleOfToken } from '../scales/index.js';
import { AdoptDialog, adoptOffer } from './AdoptDialog.js';
import './assessment.css';

const TOKENS: Record<string, Scale['token']> = {
  simple: 'easy',
  '2013': 'normal',
  '2023': 'normal-2023',
  '2023plus': 'normal-2023-plus',
};
/** Where each kind's interim save and final submit go (spec 001 §7; decisions.md). */
const savePath = (token: string, final: boolean) =>
  final
    ? ({ normal: AssessmentPaths.finalSubmit, 'normal-2023': AssessmentPaths.finalSubmit2023 }[token] ??
      assessmentPath(AssessmentPaths.finalByToken, { token }))
    : ({
        easy: AssessmentPaths.easy,
        normal: AssessmentPaths.submit,
        'normal-2023': AssessmentPaths.submit2023,
        'normal-2023-plus': AssessmentPaths.submit2023plus,
      }[token] ?? AssessmentPaths.submit);

const dateField: FieldDef = { name: 'assessDate', label: '评估日期', type: 'date', required: true };
type Saved = {
  assessmentId: number;
  status: number;
  totalScore: number | null;
  gradeName: string | null;
  suggestLevelName: string | null;
};

/**
 * A new assessment's first 暂存 puts its id in the address, and the page under the new address is a
 * new form (the shell keys pages by path and query): it starts from what was just saved rather than
 * empty while the draft is read back (answers blank for a moment, and clicks lost meanwhile).
 */
const justSaved = new Map<
  number,
  { record: Row; oldmanId: string; causeId: string; assessDate: string; answers: Record<string, number> }
>();

/**
 * The form of every kind of assessment (/careplan/assessment/{kind}/add|detail): the instrument
 * comes from the server as data (getAssessmentIssue), the answers are clicked option by option,
 * 暂存 keeps a draft any assessor can resume, 提交评估 has the server grade it; a submitted one is
 * read-only and shows its grade and the care level it suggests, and offers 采纳建议 (AdoptDialog).
 */
export function AssessmentForm() {
  const { request, toast } = useApp();
  const page = usePage();
  const slug = page.path.split('/')[3] ?? '2023';
  const token = TOKENS[slug] ?? 'normal-2023';
  const local = scaleOfToken(token);
  const kind = assessmentKinds.find((k) => k.slug === slug);
  const [assessmentId, setAssessmentId] = useState<number | null>(Number(page.query.assessmentId) || null);
  // the draft 暂存 just saved, when its address (?assessmentId=) mounted this form anew
  const [seed] = useState(() => (assessmentId ? justSaved.get(assessmentId) : undefined));
  // once: a later opening of the draft (继续评估) reads it afresh
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id this form was mounted with
  useEffect(() => {
    if (assessmentId) justSaved.delete(assessmentId);
  }, []);
  const [record, setRecord] = useState<Row | null>(seed?.record ?? null);
  const [oldmanId, setOldmanId] = useState(seed?.oldmanId ?? page.query.oldmanId ?? '');
  const [causeId, setCauseId] = useState(seed?.causeId ?? '');
  const [assessDate, setAssessDate] = useState<string>(seed?.assessDate ?? dayjs().format('YYYY-MM-DD'));
  const [answers, setAnswers] = useState<Record<string, number>>(seed?.answers ?? {});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const elders = useLookup('oldmanAll');
  const causes = useLookup('assessCause');

  const [adopting, setAdopting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [loadError, setLoadError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads reads the record again after 采纳建议
  useEffect(() => {
    if (!assessmentId) return;
    request<Row>({ url: assessmentPath(AssessmentPaths.one, { assessmentId }), silent: true }).then(
      (row) => {
        setRecord(row);
        setOldmanId(String(row.oldmanId ?? ''));
        setCauseId(String(row.causeId ?? ''));
        setAssessDate(String(row.assessDate ?? ''));
        setAnswers((row.answers as Record<string, number>) ?? {});
      },
      (e: { message?: string }) => setLoadError(e.message ?? '加载失败'),
    );
  }, [assessmentId, request, reloads]);

  const draft = record === null || offers(assessmentWorkflow, record, 'assessment.save');
  const scale = local;
  const result = useMemo(() => (scale ? scale.grade(answers) : null), [scale, answers]);
  if (!scale || !kind) return <Spinner />;
  if (loadError) return <NonIdealState icon="error" title={loadError} />;
  // a resumed assessment stays closed until it is in: 提交评估 pressed before its answer came read an
  // empty elder and cause (请选择长者和评估原因), and the late answer then filled them in. Closed, not
  // replaced by a spinner: after 暂存 the address names the draft and the form must keep its place.
  const loaded = !assessmentId || record !== null;
  const answered = Object.keys(answers).filter((k) =>
    scale.sections.some((s) => s.items.some((i) => i.code === k)),
  ).length;
  const count = scale.sections.reduce((n, s) => n + s.items.length, 0);

  const save = async (final: boolean) => {
    setProblem('');
    if (!oldmanId || !causeId) return setProblem('请选择长者和评估原因');
    const missing = answerProblem(scale, answers, final);
    if (missing) return setProblem(missing);
    setBusy(true);
    try {
      const saved = await request<Saved>({
        url: savePath(token, final),
        method: 'POST',
        data: { assessmentId: assessmentId ?? undefined, oldmanId, causeId, assessDate, answers },
        silent: true,
      });
      setAssessmentId(saved.assessmentId);
      if (final) {
        toast(`评估已提交：${saved.gradeName ?? ''}`, 'success');
        navigate(`${AssessmentScreens.detail(slug)}?assessmentId=${saved.assessmentId}`);
      } else {
        toast('已暂存', 'success');
        setRecord({ assessmentId: saved.assessmentId, status: saved.status });
        // the address names the draft, so a reload (or a colleague given the link) resumes it
        if (!assessmentId) {
          justSaved.set(saved.assessmentId, {
            record: { assessmentId: saved.assessmentId, status: saved.status },
            oldmanId,
            causeId,
            assessDate,
            answers,
          });
          navigate(`${AssessmentScreens.add(slug)}?assessmentId=${saved.assessmentId}`);
        }
      }
    } catch (e) {
      setProblem((e as { message?: string }).message ?? '保存失败');
    } finally {
      setBusy(false);
    }
  };

  const adoptWhy = record ? adoptOffer(record, hasAuthority(AssessmentAuthority.adopt)) : undefined;
  const stored = record?.result as { total: number; reasons: string[] } | null | undefined;
  return (
    <div className="page assessment-form" data-testid="page-assessment-form">
      <FormFieldset loaded={loaded}>
        <h2>
          {scale.name} <Tag minimal>{scale.standard}</Tag>{' '}
          {record ? <Tag intent={draft ? 'warning' : 'success'}>{draft ? '暂存' : '已提交'}</Tag> : null}
          {!draft && assessmentId && hasAuthority(AssessmentAuthority.print) ? (
            <Button
              className="assessment-print"
              icon="print"
              text="打印"
              data-testid="assessment-print"
              onClick={() =>
                openPrintView(assessmentPath(AssessmentPaths.export, { assessmentId })).catch(
                  (e: { message?: string }) => toast(e.message ?? '打印失败', 'danger'),
                )
              }
            />
          ) : null}
        </h2>
        {!draft && record ? (
          <Callout
            intent="success"
            icon="endorsed"
            data-testid="assessment-grade"
            title={`评估等级：${String(record.gradeName ?? '')}`}
          >
            总分 {String(record.totalScore ?? '')}；建议护理等级：
            {String(record.suggestLevelName ?? '（未设置护理等级）')}
            {stored?.reasons?.length ? `；等级变更依据：${stored.reasons.join('；')}` : ''}
            {record.remark ? (
              <div data-testid="assessment-opinion">评估意见：{String(record.remark)}</div>
            ) : null}
            {record.adoptDate ? (
              <div data-testid="assessment-adopted">
                已采纳：自{String(record.adoptDate)}起为长者的护理等级（采纳人
                {String(record.adoptUserName ?? '')}，{String(record.adoptTime ?? '')}）
              </div>
            ) : adoptWhy !== undefined ? (
              <div className="assessment-adopt">
                <Button
                  icon="endorsed"
                  intent="primary"
                  text="采纳建议"
                  data-testid="assessment-adopt"
                  disabled={adoptWhy !== null}
                  title={adoptWhy ?? undefined}
                  onClick={() => setAdopting(true)}
                />
                {adoptWhy ? <span className="assessment-adopt-why">{adoptWhy}</span> : null}
              </div>
            ) : null}
          </Callout>
        ) : null}
        {adopting && assessmentId ? (
          <AdoptDialog
            assessmentId={assessmentId}
            onClose={(adopted) => {
              setAdopting(false);
              if (adopted) setReloads((n) => n + 1);
            }}
          />
        ) : null}
        <div className="assessment-facts">
          <FormGroup label="长者" labelFor="as-elder">
            <ChoiceSelect
              id="as-elder"
              label="长者"
              choices={elders}
              value={oldmanId}
              disabled={!draft || !!record}
              onChange={setOldmanId}
            />
          </FormGroup>
          <FormGroup label="评估原因" labelFor="as-cause">
            <ChoiceSelect
              id="as-cause"
              label="评估原因"
              choices={causes}
              value={causeId}
              disabled={!draft}
              onChange={setCauseId}
            />
          </FormGroup>
          <FormGroup label="评估日期" labelFor="as-date">
            <FieldInput
              id="as-date"
              field={dateField}
              value={assessDate}
              invalid={false}
              disabled={!draft}
              onChange={(v) => setAssessDate(String(v ?? ''))}
              onError={setProblem}
            />
          </FormGroup>
        </div>
        {scale.sections.map((section) => (
          <Card key={section.code} className="assessment-section">
            <h3>
              {section.code} {section.name}
              {section.scored && result ? (
                <Tag minimal className="assessment-sum">
                  {result.sections.find((s) => s.code === section.code)?.score ?? 0}分
                </Tag>
              ) : null}
            </h3>
            {section.rule ? <p className="assessment-rule">{section.rule}</p> : null}
            <HTMLTable compact className="assessment-items">
              <tbody>
                {section.items.map((item) => (
                  <tr key={item.code} data-testid={`item-${item.code}`}>
                    <th>
                      {item.code} {item.name}
                      {item.desc ? <div className="assessment-desc">{item.desc}</div> : null}
                    </th>
                    <td>
                      <ButtonGroup vertical fill alignText="left">
                        {item.options.map((o) => (
                          <Button
                            key={o.value}
                            small
                            disabled={!draft}
                            data-testid={`opt-${item.code}-${o.value}`}
                            active={answers[item.code] === o.value}
                            intent={answers[item.code] === o.value ? 'primary' : 'none'}
                            text={section.scored ? `${o.value}分　${o.label}` : o.label}
                            onClick={() => setAnswers((a) => ({ ...a, [item.code]: o.value }))}
                          />
                        ))}
                      </ButtonGroup>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </Card>
        ))}
        {problem ? (
          <Callout intent="danger" data-testid="assessment-problem">
            {problem}
          </Callout>
        ) : null}
        {draft ? (
          <div className="save-bar assessment-bar">
            <span data-testid="assessment-progress">
              已评 {answered}/{count} 项 · 当前得分 {result?.total ?? 0}/{scale.maxScore}
            </span>
            {loaded ? null : <Spinner size={16} aria-label="加载中" />}
            <Button text="暂存" loading={busy} onClick={() => save(false)} data-testid="assessment-save" />
            <Button
              intent="primary"
              text="提交评估"
              loading={busy}
              onClick={() => save(true)}
              data-testid="assessment-submit"
            />
          </div>
        ) : null}
      </FormFieldset>
    </div>
  );
}
