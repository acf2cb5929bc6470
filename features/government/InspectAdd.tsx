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
import {
  type ChecklistItem,
  type InspectBody,
  GovernmentPaths as P,
  GovernmentScreens as S,
} from '../../domain/api/government.js';
import { localDay } from '../../domain/clock.js';
import { useApp } from '../../src/app/AppContext.js';
import { navigate } from '../../src/router/hash.js';
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
  useEffect(() => {
    request<ChecklistItem[]>({ url: P.issue }).then(setItems, () => undefined);
  }, [request]);
  const stateOf = (n: number): ItemState => results[n] ?? { passed: true, problem: '', issuePhotos: [] };
  const change = (n: number, patch: Partial<ItemState>) =>
    setResults((r) => ({ ...r, [n]: { ...stateOf(n), ...patch } }));
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
    setSaving(true);
    request<{ inspectId: number }>({ url: P.inspect, method: 'POST', data: body, silent: true }).then(
      ({ inspectId }) => {
        setSaving(false);
        toast('保存成功', 'success');
        navigate(`${S.register}?inspectId=${inspectId}`);
      },
      (e: { message?: string }) => {
        setSaving(false);
        setError(e.message ?? '保存失败');
      },
    );
  };
  return (
    <div className="page" data-testid="page-government-inspect-add">
      <Card>
        <H5>检查信息</H5>
        <div className="government-head">
          <FormGroup label="检查日期" labelFor="gov-date" labelInfo="*">
            <FieldInput
              id="gov-date"
              field={INSPECT_DATE}
              value={head.inspectDate}
              invalid={false}
              disabled={false}
              onChange={(v) => setHead({ ...head, inspectDate: v === null ? '' : String(v) })}
              onError={() => undefined}
            />
          </FormGroup>
          <FormGroup label="检查单位" labelFor="gov-unit" labelInfo="*">
            <InputGroup
              id="gov-unit"
              value={head.inspectUnit}
              onChange={(e) => setHead({ ...head, inspectUnit: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="检查人员" labelFor="gov-inspector" labelInfo="*">
            <InputGroup
              id="gov-inspector"
              value={head.inspectorName}
              onChange={(e) => setHead({ ...head, inspectorName: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="备注" labelFor="gov-remark">
            <InputGroup
              id="gov-remark"
              value={head.remark}
              onChange={(e) => setHead({ ...head, remark: e.target.value })}
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
                        <TextArea
                          aria-label={`第${i.itemNo}项问题描述`}
                          placeholder="问题描述"
                          value={s.problem}
                          onChange={(e) => change(i.itemNo, { problem: e.target.value })}
                        />
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
