import { Alert, Callout, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import {
  bedResource,
  buildingResource,
  type Capacity,
  floorResource,
  OrgArchiveAuthority,
  OrgArchivePaths,
  roomResource,
  UseStatus,
} from '../../domain/resources/orgArchive.js';
import { ArchivesScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { forgetDictionaries } from '../../src/dict/dictionaries.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { OrgRecord } from './OrgRecord.js';
import './archives.css';

/** The retire or reinstate a clerk asked for, waiting for their confirmation. */
interface Pending {
  url: string;
  text: string;
  done: string;
  retire: boolean;
}

const pathOf = (template: string, id: unknown) => template.replace(':id', String(id));

/** The counts above the tabs: how many buildings, rooms and beds, and how the beds are taken. */
function CapacityBar({ capacity }: { capacity: Capacity | null }) {
  if (!capacity) return null;
  const item = (label: string, value: number, intent?: Intent) => (
    <Tag key={label} large minimal intent={intent} data-testid={`capacity-${label}`}>
      {label} {value}
    </Tag>
  );
  return (
    <div className="org-capacity" data-testid="org-capacity">
      {item('楼栋', capacity.buildings)}
      {item('楼层', capacity.floors)}
      {item('房间', capacity.rooms)}
      {item('床位', capacity.beds)}
      {item('空闲', capacity.free, Intent.SUCCESS)}
      {item('在住', capacity.occupied, Intent.PRIMARY)}
      {item('预订', capacity.reserved, Intent.WARNING)}
      {item('维修停用', capacity.maintenance)}
      {capacity.retiredRooms + capacity.retiredBeds > 0 &&
        item('已停用房间/床位', capacity.retiredRooms + capacity.retiredBeds, Intent.DANGER)}
    </div>
  );
}

/** One tab's list: the resource with what the user may do, and 停用/启用 for rooms and beds. */
function PlaceList({
  def,
  refresh,
  onChanged,
  retire,
}: {
  def: ResourceDef;
  refresh: number;
  onChanged(): void;
  retire?: { retire: string; reinstate: string; ask(row: Row, p: Pending): void };
}) {
  const may = useResourceAuthority(def);
  const mayRetire = useAuthority(OrgArchiveAuthority.retire);
  const actions =
    retire && mayRetire
      ? (row: Row): ReactNode => {
          const id = row[def.idField];
          const name = `${String(row.place ?? '')}${row.place && def === bedResource ? '-' : ''}${String(row[def.nameField] ?? '')}`;
          return Number(row.useStatus) === UseStatus.inUse
            ? rowButton(
                '停用',
                () =>
                  retire.ask(row, {
                    url: pathOf(retire.retire, id),
                    text: `停用${def.title}“${name}”？停用后不在床位状态图和入住选择中出现。`,
                    done: `已停用${def.title}`,
                    retire: true,
                  }),
                true,
              )
            : rowButton('启用', () =>
                retire.ask(row, {
                  url: pathOf(retire.reinstate, id),
                  text: `启用${def.title}“${name}”？`,
                  done: `已启用${def.title}`,
                  retire: false,
                }),
              );
        }
      : undefined;
  return (
    <ResourceList
      def={def}
      routeName={`${ArchivesScreens.org}/${def.name}`}
      canCreate={may.canCreate}
      canEdit={may.canEdit}
      canRemove={may.canRemove}
      refreshKey={refresh}
      rowActions={actions}
      actionsWidth={retire ? 170 : undefined}
      onChanged={onChanged}
    />
  );
}

/**
 * /archives/manager1/index 机构档案: the institution's record (机构信息: name, address, phone,
 * certificates) and its building model — buildings, floors, rooms
 * and beds — added, edited and retired (docs/decisions.md "Institution archive"). A bed's type and
 * monthly price feed the month bill; a new free bed appears on 床位状态图 at once.
 */
export function OrgArchive() {
  const { request, toast } = useApp();
  const [tab, setTab] = useState('org');
  const [refresh, setRefresh] = useState(0);
  const [capacity, setCapacity] = useState<Capacity | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reloads the counts
  useEffect(() => {
    let live = true;
    request<Capacity>({ url: OrgArchivePaths.capacity, silent: true }).then(
      (c) => live && setCapacity(c),
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, refresh]);
  const changed = useCallback(() => {
    // the building, floor and room dropdowns (here and in the bed pickers) read the new places
    forgetDictionaries();
    setRefresh((r) => r + 1);
  }, []);
  usePageRefresh(changed);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await request({ url: pending.url, method: 'PUT', data: {} });
      toast(pending.done, 'success');
      changed();
    } catch {
      // the request shows the server's refusal
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const ask = (_row: Row, p: Pending) => setPending(p);
  const list = (def: ResourceDef, retire?: { retire: string; reinstate: string }) => (
    <PlaceList def={def} refresh={refresh} onChanged={changed} retire={retire && { ...retire, ask }} />
  );

  return (
    <div className="page org-archive" data-testid="page-orgArchive">
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <CapacityBar capacity={capacity} />
      <Tabs
        id="org-archive-tabs"
        selectedTabId={tab}
        onChange={(t) => setTab(String(t))}
        renderActiveTabPanelOnly
      >
        <Tab id="org" title="机构信息" panel={<OrgRecord />} />
        <Tab id="building" title="楼栋" panel={list(buildingResource)} />
        <Tab id="floor" title="楼层" panel={list(floorResource)} />
        <Tab
          id="room"
          title="房间"
          panel={list(roomResource, {
            retire: OrgArchivePaths.roomRetire,
            reinstate: OrgArchivePaths.roomReinstate,
          })}
        />
        <Tab
          id="bed"
          title="床位"
          panel={list(bedResource, {
            retire: OrgArchivePaths.bedRetire,
            reinstate: OrgArchivePaths.bedReinstate,
          })}
        />
      </Tabs>
      <Alert
        isOpen={pending !== null}
        intent={pending?.retire ? Intent.DANGER : Intent.PRIMARY}
        confirmButtonText={pending?.retire ? '停用' : '启用'}
        cancelButtonText="取消"
        loading={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.text}
      </Alert>
    </div>
  );
}
