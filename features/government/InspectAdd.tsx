import {
  Button,
  Callout,
  Card,
  FormGroup,
  H5,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { localDay } from '../../domain/clock.js';
import { useApp } from '../../src/app/AppContext.js';
import { navigate } from '../../src/router/hash.js';
import { useRevealOnFailure } from '../../src/ui/revealError.js';
import {
  type ChecklistItem,
  type InspectBody,
  inspectErrors,
  GovernmentPaths as P,
  GovernmentScreens as S,
} from './api.js';
import { PhotoUpload } from './PhotoUpload.js';
import './government.css';
import type { FieldDef } from '../../domain/resource.js';
import { FieldInput } from '../../src/resource/FieldInput.js';

/** The date fields go through the shared field input, so they change with it. */
const INSPECT_DATE: FieldDef = { name: 'inspectDate', label: '检查日期', type: 'date' };

interface ItemState {
  passed: boolean;
  problem: string;
  issuePhotos: string[];
}

/** Items by their chapter of the checklist, in order. */
export const byCategory = (items: readonly ChecklistItem[]) =>
  items.reduce<[string, ChecklistItem[]][]>((groups, item) => {
    const last = groups[groups.length - 1];
    if (last && last[0] === item.category) last[1].push(item);
    else groups.push([item.category, [item]]);
    return groups;
  }, []);

/** 新增检查 (/government/inspectAdd): the inspection and every item of the checklist, passed or not. */
export function InspectAdd() {
  const { request, toast } = useApp();
  const [items, setItems] = useState<ChecklistItem[]>([]);
  const [head, setHead] = useState({
    inspectDate: localDay(Date.now()),
    inspectUnit: '',
    inspectorName: '',
    remark: '',
  });
  const [results, setResults] = useState<Record<number, ItemState>>({});
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [headErrors, setHeadErrors] = useState<Record<string, string>>({});
  const [itemErrors, setItemErrors] = useState<Record<number, string>>({});
  const [pageRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  // every failed save brings its first error into view, focused (src/ui/revealError.ts)
  const refuse = (message: string) => {
    setError(message);
    revealError();
  };
  useEffect(() => {
    request<ChecklistItem[]>({ url: P.issue }).then(setItems, () => undefined);
  }, [request]);
  const stateOf = (n: number): ItemState => results[n] ?? { passed: true, problem: '', issuePhotos: [] };
  const change = (n: number, patch: Partial<ItemState>) => {
    setResults((r) => ({ ...r, [n]: { ...stateOf(n), ...patch } }));
    if (itemErrors[n]) setItemErrors(({ [n]: _, ...rest }) => rest);
  };
  const editHead = (patch: Partial<typeof head>) => {
    setHead({ ...head, ...patch });
    setHeadErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !(k in patch))));
  };
  const headGroup = (name: keyof typeof head) => ({
    intent: headErrors[name] ? Intent.DANGER : Intent.NONE,
    helperText: headErrors[name],
  });
  const failed = items.filter((i) => !stateOf(i.itemNo).passed).length;
  const save = () => {
    const body: InspectBody = {
      ...head,
      results: items.map((i) => {
        const s = stateOf(i.itemNo);
        return s.passed
          ? { itemNo: i.itemNo, passed: true }
          : { itemNo: i.itemNo, passed: false, problem: s.problem, issuePhotos: s.issuePhotos };
      }),
    };
    const found = inspectErrors(body, items);
    setHeadErrors(found.head);
    setItemErrors(found.items);
    const count = Object.keys(found.head).length + Object.keys(found.items).length;
    if (count) return refuse(`有${count}处需要填写或更正，请按标红处修改后再保存`);
    setError('');
    setSaving(true);
    request<{ inspectId: number }>({ url: P.inspect, method: 'POST', data: body, silent: true }).then(
      ({ inspectId }) => {
        setSaving(false);
        toast('保存成功', 'success');
        navigate(`${S.register}?inspectId=${inspectId}`);
      },
      (e: { message?: string }) => {
        setSaving(false);
        const message = e.message ?? '保存失败';
        // a refusal about one item shows at that item too
        const itemNo = /^请填写第(\d+)项/.exec(message)?.[1];
        if (itemNo) setItemErrors({ [Number(itemNo)]: message });
        refuse(message);
      },
    );
  };
  return (
    <div className="page" data-testid="page-government-inspect-add" ref={pageRef}>
      <Card>
        <H5>检查信息</H5>
        <div className="government-head">
          <FormGroup label="检查日期" labelFor="gov-date" labelInfo="*" {...headGroup('inspectDate')}>
            <FieldInput
              id="gov-date"
              field={INSPECT_DATE}
              value={head.inspectDate}
              invalid={false}
              disabled={false}
              onChange={(v) => editHead({ inspectDate: v === null ? '' : String(v) })}
              onError={() => undefined}
            />
          </FormGroup>
          <FormGroup label="检查单位" labelFor="gov-unit" labelInfo="*" {...headGroup('inspectUnit')}>
            <InputGroup
              id="gov-unit"
              value={head.inspectUnit}
              onChange={(e) => editHead({ inspectUnit: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="检查人员" labelFor="gov-inspector" labelInfo="*" {...headGroup('inspectorName')}>
            <InputGroup
              id="gov-inspector"
              value={head.inspectorName}
              onChange={(e) => editHead({ inspectorName: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="备注" labelFor="gov-remark" {...headGroup('remark')}>
            <InputGroup
              id="gov-remark"
              value={head.remark}
              onChange={(e) => editHead({ remark: e.target.value })}
            />
          </FormGroup>
        </div>
        {error ? <Callout intent={Intent.DANGER} title={error} /> : null}
      </Card>
      <Card>
        <H5>
          检查项目（{items.length}项，不合格 {failed} 项）
        </H5>
        <div className="government-checklist">
          {byCategory(items).map(([category, group]) => (
            <section key={category}>
              <h6 className="bp6-heading">{category}</h6>
              {group.map((i) => {
                const s = stateOf(i.itemNo);
                return (
                  <div key={i.itemNo} className="government-item" data-testid={`item-${i.itemNo}`}>
                    <span>{i.itemNo}</span>
                    <span>{i.itemName}</span>
                    <RadioGroup
                      inline
                      selectedValue={s.passed ? 'pass' : 'fail'}
                      onChange={(e) => change(i.itemNo, { passed: e.currentTarget.value === 'pass' })}
                    >
                      <Radio label="合格" value="pass" />
                      <Radio label="不合格" value="fail" />
                    </RadioGroup>
                    {s.passed ? null : (
                      <div className="government-item-extra">
                        <FormGroup
                          className="government-item-problem"
                          labelFor={`gov-problem-${i.itemNo}`}
                          intent={itemErrors[i.itemNo] ? Intent.DANGER : Intent.NONE}
                          helperText={itemErrors[i.itemNo]}
                        >
                          <TextArea
                            id={`gov-problem-${i.itemNo}`}
                            aria-label={`第${i.itemNo}项问题描述`}
                            placeholder="问题描述"
                            intent={itemErrors[i.itemNo] ? Intent.DANGER : Intent.NONE}
                            value={s.problem}
                            onChange={(e) => change(i.itemNo, { problem: e.target.value })}
                          />
                        </FormGroup>
                        <PhotoUpload
                          id={`gov-photo-${i.itemNo}`}
                          value={s.issuePhotos}
                          onChange={(issuePhotos) => change(i.itemNo, { issuePhotos })}
                          onError={setError}
                        />
                      </div>
                    )}
                  </div>
                );
              })}
            </section>
          ))}
        </div>
        <Button intent={Intent.PRIMARY} text="保存" loading={saving} onClick={save} />
        <Button variant="minimal" text="返回" onClick={() => navigate(S.inspect)} />
      </Card>
    </div>
  );
}
