import {
  Button,
  Card,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  type OrgRecord as Org,
  type OrgInfoBody,
  orgInfoBody,
  type Qualification,
} from '../../domain/api/org.js';
import { OrgArchiveAuthority, OrgArchivePaths } from '../../domain/resources/orgArchive.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ImageUpload } from '../../src/resource/ImageUpload.js';
import { storedUser } from '../../src/session/effects.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { errorsByField, markedField, useRevealOnFailure } from '../../src/ui/revealError.js';

const pathOf = (template: string, key: string, id: number) => template.replace(`:${key}`, String(id));

/**
 * The problems of an edited record by field (orgName, phone, qualifications.0.name …), or null when the
 * server would take it.
 */
export function orgRecordProblems(body: OrgInfoBody): Record<string, string> | null {
  const parsed = orgInfoBody.safeParse(body);
  return parsed.success ? null : errorsByField(parsed.error.issues);
}

type Draft = Omit<OrgInfoBody, 'qualifications'> & { qualifications: (Qualification & { key: number })[] };
let nextKey = 1;

/** The edit dialog: name, address, phone and the certificates with their scans. */
function OrgRecordDialog({ org, onClose }: { org: Org; onClose(saved: boolean): void }) {
  const { request, toast } = useApp();
  // each certificate row keeps its own key while rows are added and removed
  const [draft, setDraft] = useState<Draft>({
    orgName: org.orgName,
    address: org.address,
    phone: org.phone,
    qualifications: org.qualifications.map((q) => ({ ...q, key: nextKey++ })),
  });
  const [error, setError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // each failed save brings its first error into view, the field focused (issue #42 point 4)
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  const marked = (key: string) => markedField(errors, key);
  // a certificate's problem is said under 资质证照 (its rows have no group of their own)
  const qualificationError = Object.entries(errors).find(([k]) => k.startsWith('qualifications'))?.[1];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQualification = (index: number, patch: Partial<Qualification>) =>
    set({ qualifications: draft.qualifications.map((q, i) => (i === index ? { ...q, ...patch } : q)) });
  const fail = (message: string, fieldErrors: Record<string, string> = {}) => {
    setError(message);
    setErrors(fieldErrors);
    revealError();
  };
  const save = async () => {
    const record: OrgInfoBody = {
      ...draft,
      qualifications: draft.qualifications.map(({ name, urlPath }) => ({ name, urlPath })),
    };
    const problems = orgRecordProblems(record);
    if (problems) return fail('', problems);
    setErrors({});
    setBusy(true);
    try {
      await request({
        url: pathOf(OrgArchivePaths.orgInfoSave, 'orgId', org.orgId),
        method: 'PUT',
        data: orgInfoBody.parse(record),
        silent: true,
      });
      toast('机构信息已保存', 'success');
      onClose(true);
    } catch (e) {
      setBusy(false);
      fail((e as { message?: string }).message ?? '保存失败');
    }
  };
  return (
    <Dialog isOpen title="编辑机构信息" onClose={() => onClose(false)} style={{ width: 640 }}>
      <DialogBody>
        <div ref={bodyRef}>
          {error ? <ErrorCallout testId="org-record-error">{error}</ErrorCallout> : null}
          <FormGroup label="机构名称" labelFor="org-name" labelInfo="(必填)" {...marked('orgName')}>
            <InputGroup
              id="org-name"
              value={draft.orgName}
              onChange={(e) => set({ orgName: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="地址" labelFor="org-address" {...marked('address')}>
            <InputGroup
              id="org-address"
              value={draft.address}
              onChange={(e) => set({ address: e.target.value })}
            />
          </FormGroup>
          <FormGroup
            label="联系电话"
            labelFor="org-phone"
            helperText="座机如 0571-88886666，或手机号"
            {...marked('phone')}
          >
            <InputGroup id="org-phone" value={draft.phone} onChange={(e) => set({ phone: e.target.value })} />
          </FormGroup>
          <FormGroup
            label="资质证照"
            helperText={
              qualificationError ?? '营业执照、养老机构备案回执、医疗机构执业许可证等，每项一张扫描件'
            }
            intent={qualificationError ? Intent.DANGER : Intent.NONE}
          >
            {draft.qualifications.map((q, i) => (
              <div className="org-qualification-edit" key={q.key} data-testid="org-qualification-edit">
                <InputGroup
                  aria-label={`资质名称${i + 1}`}
                  placeholder="资质名称"
                  value={q.name}
                  onChange={(e) => setQualification(i, { name: e.target.value })}
                />
                <ImageUpload
                  id={`org-qualification-${i}`}
                  label={q.name || `资质${i + 1}`}
                  value={q.urlPath}
                  onChange={(urlPath) => setQualification(i, { urlPath })}
                  onError={(message) => message && fail(message)}
                />
                <Button
                  variant="minimal"
                  intent={Intent.DANGER}
                  icon="trash"
                  aria-label={`删除资质${i + 1}`}
                  onClick={() => set({ qualifications: draft.qualifications.filter((_, j) => j !== i) })}
                />
              </div>
            ))}
            <Button
              icon="add"
              text="添加资质"
              disabled={draft.qualifications.length >= 20}
              title={draft.qualifications.length >= 20 ? '资质证照最多20项' : undefined}
              onClick={() =>
                set({ qualifications: [...draft.qualifications, { name: '', urlPath: '', key: nextKey++ }] })
              }
            />
          </FormGroup>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text="保存" loading={busy} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * 机构信息: the institution's own record on 机构档案 (spec 000 §7 orgInfos): name, code, address,
 * phone and its certificates, edited by holders of archives:org:edit.
 */
export function OrgRecord({ onSaved }: { onSaved?(): void }) {
  const { request } = useApp();
  const mayEdit = useAuthority(OrgArchiveAuthority.edit);
  const orgId = storedUser()?.orgInfo.orgId;
  const [org, setOrg] = useState<Org | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState(false);
  const [loads, setLoads] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads reloads the record after a save
  useEffect(() => {
    if (orgId === undefined) return;
    let live = true;
    request<Org>({ url: pathOf(OrgArchivePaths.orgInfo, 'id', orgId), silent: true }).then(
      (o) => live && setOrg(o),
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, orgId, loads]);

  if (error) return <ErrorCallout testId="org-record-load-error">{error}</ErrorCallout>;
  if (!org) return <Spinner size={24} />;
  return (
    <Card className="org-record" data-testid="org-record">
      <div className="org-record-head">
        <h3 data-testid="org-record-name">{org.orgName}</h3>
        {mayEdit ? <Button icon="edit" text="编辑机构信息" onClick={() => setEditing(true)} /> : null}
      </div>
      <HTMLTable compact className="org-record-fields">
        <tbody>
          <tr>
            <th>机构编码</th>
            <td>{org.orgCode}</td>
          </tr>
          <tr>
            <th>地址</th>
            <td data-testid="org-record-address">{org.address || '未填写'}</td>
          </tr>
          <tr>
            <th>联系电话</th>
            <td data-testid="org-record-phone">{org.phone || '未填写'}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <h4>资质证照</h4>
      {org.qualifications.length === 0 ? (
        <NonIdealState icon="document" description="尚未登记资质证照" layout="horizontal" />
      ) : (
        <div className="org-qualifications" data-testid="org-qualifications">
          {org.qualifications.map((q) => (
            <figure key={`${q.name}${q.urlPath}`} className="org-qualification">
              <a href={q.urlPath} target="_blank" rel="noreferrer">
                <img className="org-qualification-img" src={q.urlPath} alt={q.name} />
              </a>
              <figcaption>{q.name}</figcaption>
            </figure>
          ))}
        </div>
      )}
      {editing ? (
        <OrgRecordDialog
          org={org}
          onClose={(saved) => {
            setEditing(false);
            if (saved) {
              setLoads((n) => n + 1);
              onSaved?.();
            }
          }}
        />
      ) : null}
    </Card>
  );
}
