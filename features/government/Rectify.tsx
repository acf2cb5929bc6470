import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { localDay } from '../../domain/clock.js';
import { RecordStatus, type RecordStatusCode, recordStatusNames } from '../../domain/statuses/government.js';
import { inspectionEvents, inspectionWorkflow } from '../../machines/inspectionMachine.js';
import { offers } from '../../machines/workflow.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { usePage } from '../../src/router/page.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { GovernmentAuthority as A, GovernmentPaths as P, GovernmentScreens as S } from './api.js';
import { Photos, PhotoUpload } from './PhotoUpload.js';
import { inspectRecordResource } from './resources.js';
import './government.css';
import type { FieldDef } from '../../domain/resource.js';
import { FieldInput } from '../../src/resource/FieldInput.js';

/** The deadline goes through the shared field input, so it changes with it. */
const DEADLINE: FieldDef = { name: 'rectifyDeadline', label: '整改期限', type: 'date' };

type Acting = { row: Row; event: 'inspection.assign' | 'inspection.rectify' };

const statusIntent: Record<RecordStatusCode, Intent> = {
  [RecordStatus.registered]: Intent.WARNING,
  [RecordStatus.rectifying]: Intent.PRIMARY,
  [RecordStatus.rectified]: Intent.SUCCESS,
  [RecordStatus.overdue]: Intent.DANGER,
};

const photosOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

function RecordList({ inspectId }: { inspectId?: number }) {
  const mayAssign = useAuthority(A.rectifyAssign);
  const maySubmit = useAuthority(A.rectifySubmit);
  const [acting, setActing] = useState<Acting | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const button = (row: Row, event: Acting['event'], allowed: boolean) =>
    allowed && offers(inspectionWorkflow, row, event)
      ? [rowButton(inspectionEvents[event].label, () => setActing({ row, event }))]
      : [];
  return (
    <>
      <ResourceList
        def={inspectRecordResource}
        routeName={inspectId ? S.register : S.rectify}
        refreshKey={refreshKey}
        actionsWidth={200}
        {...(inspectId ? { fixedParams: { inspectId } } : {})}
        cells={{
          recordStatus: (row) => {
            const s = Number(row.recordStatus) as RecordStatusCode;
            return (
              <Tag minimal intent={statusIntent[s]}>
                {recordStatusNames[s]}
              </Tag>
            );
          },
        }}
        rowActions={(row) => [
          ...button(row, 'inspection.assign', mayAssign),
          ...button(row, 'inspection.rectify', maySubmit),
        ]}
      />
      {acting ? (
        <RecordDialog
          acting={acting}
          onClose={(changed) => {
            setActing(null);
            if (changed) setRefreshKey((k) => k + 1);
          }}
        />
      ) : null}
    </>
  );
}

/** 下发整改 (a person and a deadline) or 提交整改 (what was done, with photos). */
function RecordDialog({ acting, onClose }: { acting: Acting; onClose(changed: boolean): void }) {
  const { request, toast } = useApp();
  const { row, event } = acting;
  const [person, setPerson] = useState('');
  const [deadline, setDeadline] = useState(localDay(Date.now() + 7 * 86_400_000));
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const label = inspectionEvents[event].label;
  const submit = () => {
    setSaving(true);
    const data =
      event === 'inspection.assign'
        ? { event, rectifyUserName: person, rectifyDeadline: deadline }
        : { event, rectifyContent: content, rectifyPhotos: photos };
    request({
      url: pathWith(P.recordOne, { id: Number(row.inspectRecordId) }),
      method: 'PUT',
      data,
      silent: true,
    }).then(
      () => {
        toast(`${label}成功`, 'success');
        onClose(true);
      },
      (e: { message?: string }) => {
        setSaving(false);
        setError(e.message ?? `${label}失败`);
      },
    );
  };
  return (
    <Dialog isOpen title={label} onClose={() => onClose(false)} style={{ width: 560 }}>
      <DialogBody>
        <p>
          {String(row.itemName)}：{String(row.problem)}
        </p>
        <Photos paths={photosOf(row.issuePhotos)} />
        {event === 'inspection.assign' ? (
          <>
            <FormGroup label="整改责任人" labelFor="gov-person" labelInfo="*">
              <InputGroup id="gov-person" value={person} onChange={(e) => setPerson(e.target.value)} />
            </FormGroup>
            <FormGroup label="整改期限" labelFor="gov-deadline" labelInfo="*">
              <FieldInput
                id="gov-deadline"
                field={DEADLINE}
                value={deadline}
                invalid={false}
                disabled={false}
                onChange={(v) => setDeadline(v === null ? '' : String(v))}
                onError={() => undefined}
              />
            </FormGroup>
          </>
        ) : (
          <>
            <p>
              整改期限：{String(row.rectifyDeadline)}（责任人 {String(row.rectifyUserName ?? '')}）
            </p>
            <FormGroup label="整改情况" labelFor="gov-content" labelInfo="*">
              <TextArea id="gov-content" fill value={content} onChange={(e) => setContent(e.target.value)} />
            </FormGroup>
            <FormGroup label="整改照片" labelFor="gov-rectify-photo" labelInfo="*">
              <PhotoUpload id="gov-rectify-photo" value={photos} onChange={setPhotos} onError={setError} />
            </FormGroup>
          </>
        )}
        {error ? <Callout intent={Intent.DANGER} title={error} /> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text="确定" loading={saving} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

/** 整改管理 (/government/rectify): every problem found, with its rectification. */
export function Rectify() {
  return (
    <div className="page" data-testid="page-government-rectify">
      <RecordList />
    </div>
  );
}

/** 问题登记 (/government/inspect/detail/register?inspectId=): the problems of one inspection. */
export function Register() {
  const inspectId = Number(usePage().query.inspectId ?? 0);
  return (
    <div className="page" data-testid="page-government-register">
      <RecordList inspectId={inspectId} />
    </div>
  );
}
