import { Button, Card, DialogBody, H4, HTMLTable, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import {
  familyResource,
  LEVEL_CHANGE_REFUSAL,
  LiveAuthority,
  type OldmanSection,
  oldmanResource,
  oldmanSections,
  PROFILE,
  sectionFields,
} from '../../domain/resources/oldman.js';
import { LiveScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ImageUpload } from '../../src/resource/ImageUpload.js';
import {
  ResourceDetail,
  ResourceForm,
  ResourceList,
  useResourceAuthority,
} from '../../src/resource/index.js';
import { usePage } from '../../src/router/page.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { consultationResource } from '../live/module.js';
import { ElderFiles, LiveRecords } from './ArchiveRecords.js';
import './archives.css';

interface ModifyRecord {
  modifyId: number;
  section: string;
  userName: string;
  createTime: string;
  changes: { field: string; label: string; before: string; after: string }[];
  /** Where it came from (采纳建议 names its assessment). */
  note: string;
}

/** 护理等级 and 能力等级: what bills charge, changed only with LiveAuthority.archivesLevel. */
const LEVEL_FIELDS = ['nursingLevel', 'selfCareAbility'];
const LEVEL_HINT = '自今日起按新等级计费；依能力评估调整请在评估记录中“采纳建议”（可选生效日期）';

/**
 * A section saves through its own call (PUT proFile/{section}), with only its fields. Without the
 * level authority the level fields show greyed, saying why, and are not sent.
 */
const sectionDef = (section: OldmanSection, mayLevel: boolean): ResourceDef => ({
  ...oldmanResource,
  fields: oldmanResource.fields.map((f) =>
    LEVEL_FIELDS.includes(f.name)
      ? { ...f, ...(mayLevel ? { hint: LEVEL_HINT } : { readOnly: true, hint: LEVEL_CHANGE_REFUSAL }) }
      : f,
  ),
  api: { ...oldmanResource.api, update: `${PROFILE}/${section}` },
});

function ModifyRecords({ oldmanId, refreshKey }: { oldmanId: number; refreshKey: number }) {
  const { request } = useApp();
  const [records, setRecords] = useState<ModifyRecord[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads after an edit
  useEffect(() => {
    request<ModifyRecord[]>({ url: `${PROFILE}/${oldmanId}/modifyRecord` }).then(setRecords, () =>
      setRecords([]),
    );
  }, [request, oldmanId, refreshKey]);
  if (!records) return null;
  if (!records.length) return <NonIdealState icon="history" title="暂无修改记录" />;
  return (
    <HTMLTable compact striped className="data-table" data-testid="modify-records">
      <thead>
        <tr>
          <th>时间</th>
          <th>操作人</th>
          <th>模块</th>
          <th>修改内容</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.modifyId}>
            <td>{r.createTime}</td>
            <td>{r.userName}</td>
            <td>{r.section}</td>
            <td>
              {r.changes.map((c) => (
                <div key={c.field}>
                  {c.label}：{c.before || '（空）'} → {c.after || '（空）'}
                </div>
              ))}
              {r.note ? <div className="modify-note">{r.note}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function HeadImage({ oldmanId, value, onChanged }: { oldmanId: number; value: string; onChanged(): void }) {
  const { request, toast } = useApp();
  const [error, setError] = useState('');
  const save = (headImage: string) =>
    request(
      headImage
        ? { url: `${PROFILE}/${oldmanId}/head`, method: 'PUT', data: { headImage }, form: 'urlencoded' }
        : { url: `${PROFILE}/${oldmanId}/head`, method: 'DELETE' },
    ).then(
      () => {
        toast(headImage ? '头像已更新' : '头像已删除', 'success');
        onChanged();
      },
      (e: { message?: string }) => setError(e.message ?? '保存失败'),
    );
  return (
    <div className="archive-head">
      <ImageUpload id="oldman-head" label="头像" value={value} onChange={save} onError={setError} />
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}

/**
 * The consultation this archive was made from (咨询转为档案), for those who may read consultations:
 * its 接待人员, 预计入住日期 and 月预算 stay with the elder (issue #37 point 2). Null: none, or not allowed.
 */
function useOriginConsultation(oldmanId: number): number | null {
  const { request } = useApp();
  const allowed = useAuthority(LiveAuthority.consult);
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed || !consultationResource.api.list) return;
    let live = true;
    request<{ list: { consultationId: number }[] }>({
      url: consultationResource.api.list,
      params: { linkedOldmanId: oldmanId, pageSize: 1 },
      silent: true,
    }).then(
      (page) => live && setId(page.list[0]?.consultationId ?? null),
      // the tab is simply not offered when the consultation cannot be read
      () => live && setId(null),
    );
    return () => {
      live = false;
    };
  }, [request, oldmanId, allowed]);
  return id;
}

/** One elder's profile: sections with their own 编辑, head image, family, modify records. */
export function ArchiveDetail() {
  const { query } = usePage();
  const oldmanId = Number(query.oldmanId);
  const { request } = useApp();
  const may = useResourceAuthority(oldmanResource);
  const family = useResourceAuthority(familyResource);
  const mayLevel = useAuthority(LiveAuthority.archivesLevel);
  const [row, setRow] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<OldmanSection | null>(null);
  const [version, setVersion] = useState(0);
  const consultationId = useOriginConsultation(oldmanId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after an edit
  useEffect(() => {
    if (!Number.isInteger(oldmanId) || oldmanId <= 0) return setError('缺少长者编号');
    request<Record<string, unknown>>({ url: `${PROFILE}/${oldmanId}` }).then(
      setRow,
      (e: { message?: string }) => setError(e.message ?? '加载失败'),
    );
  }, [request, oldmanId, version]);
  if (error) return <NonIdealState icon="error" title={error} />;
  if (!row) return null;
  const reload = () => setVersion((v) => v + 1);
  return (
    <div className="page archive-detail" data-testid="page-archive-detail">
      <Card className="archive-header">
        <HeadImage oldmanId={oldmanId} value={String(row.headImage ?? '')} onChanged={reload} />
        <div>
          <H4>{String(row.oldmanName)}</H4>
          <div>
            {row.sex === 0 ? '男' : '女'} · {String(row.age ?? '')}岁 · {String(row.bedName ?? '未分配床位')}
          </div>
        </div>
        <Button icon="arrow-left" text="返回列表" onClick={() => window.history.back()} />
      </Card>
      <Tabs id="archive-tabs" renderActiveTabPanelOnly>
        <Tab
          id="profile"
          title="档案信息"
          panel={
            <ResourceDetail
              def={oldmanResource}
              row={row}
              sections={oldmanSections.map((s) => s.key)}
              onEditSection={may.canEdit ? (key) => setEditing(key as OldmanSection) : undefined}
            />
          }
        />
        <Tab
          id="family"
          title="家属信息"
          panel={
            <ResourceList
              def={familyResource}
              routeName={`${LiveScreens.archiveDetail}/family`}
              fixedParams={{ oldmanId }}
              createInitial={{ oldmanId }}
              canCreate={family.canCreate}
              canEdit={family.canEdit}
              canRemove={family.canRemove}
            />
          }
        />
        {consultationId !== null && (
          <Tab
            id="consultation"
            title="咨询记录"
            panel={<ResourceDetail def={consultationResource} id={consultationId} />}
          />
        )}
        <Tab id="files" title="附件" panel={<ElderFiles oldmanId={oldmanId} canEdit={may.canEdit} />} />
        <Tab id="liveRecord" title="入住记录" panel={<LiveRecords oldmanId={oldmanId} />} />
        <Tab
          id="modify"
          title="修改记录"
          panel={<ModifyRecords oldmanId={oldmanId} refreshKey={version} />}
        />
      </Tabs>
      {editing && (
        <Dialog
          isOpen
          onClose={() => setEditing(null)}
          title={`编辑${oldmanSections.find((s) => s.key === editing)?.title ?? ''}`}
          style={{ width: 760 }}
        >
          <DialogBody>
            <ResourceForm
              def={sectionDef(editing, mayLevel)}
              mode="edit"
              initial={row}
              only={sectionFields(editing)}
              onSaved={() => {
                setEditing(null);
                reload();
              }}
              onCancel={() => setEditing(null)}
            />
          </DialogBody>
        </Dialog>
      )}
    </div>
  );
}
