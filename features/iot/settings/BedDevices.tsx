import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Authority } from '../../../domain/menus.js';
import { useApp } from '../../../src/app/AppContext.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { RowButton } from '../../../src/ui/RowButton.js';
import './settings.css';
import { IotPaths } from '../../../domain/api/iot.js';
import { pathWith } from '../../../domain/http.js';

interface BoundDevice {
  deviceId: number;
  deviceCode: string;
  deviceName: string;
  online: number;
}
interface BedRow {
  bedId: number;
  bedName: string;
  roomName: string;
  floorNo: number;
  floorName: string;
  buildingId: number;
  buildingName: string;
  oldmanName: string | null;
  mattress: BoundDevice | null;
  callButton: BoundDevice | null;
}
/** A mattress or call button to choose, and the bed it is on now (null: free). */
interface DeviceOption extends BoundDevice {
  bedId: number | null;
  bedName: string | null;
  roomName: string | null;
}
type Kind = 'mattress' | 'callButton';
interface Filter {
  buildingId: string;
  floorNo: string;
  keyword: string;
}

/** The buildings and floors of the beds, for the filter selects. */
function placeOptions(beds: readonly BedRow[]) {
  const buildings = new Map<number, { name: string; floors: Map<number, string> }>();
  for (const b of beds) {
    const building = buildings.get(b.buildingId) ?? { name: b.buildingName, floors: new Map() };
    building.floors.set(b.floorNo, b.floorName);
    buildings.set(b.buildingId, building);
  }
  return buildings;
}

function DeviceCell({ device }: { device: BoundDevice | null }) {
  if (!device) return <span className="muted">未绑定</span>;
  return (
    <span>
      {device.deviceName} <span className="mono">{device.deviceCode}</span>{' '}
      <Tag minimal intent={device.online === 1 ? Intent.SUCCESS : Intent.NONE}>
        {device.online === 1 ? '在线' : '离线'}
      </Tag>
    </span>
  );
}

/** /yunmuIot/bedDevices: which mattress and call button each bed has (spec 000 §7 organization/bed). */
export function BedDevices() {
  const { request } = useApp();
  const [filter, setFilter] = useState<Filter>({ buildingId: '', floorNo: '', keyword: '' });
  const [all, setAll] = useState<BedRow[]>([]);
  const [rows, setRows] = useState<BedRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<BedRow | null>(null);

  const load = useCallback(() => {
    setLoading(true);
    const params = {
      buildingId: filter.buildingId || undefined,
      floorNo: filter.floorNo || undefined,
      keyword: filter.keyword.trim() || undefined,
    };
    request<BedRow[]>({ url: IotPaths.beds, params, silent: true })
      .then(
        (beds) => {
          setError('');
          setRows(beds);
          // The building and floor choices come from the unfiltered list (the first load).
          if (!params.buildingId && !params.floorNo && !params.keyword) setAll(beds);
        },
        (e: { message?: string }) => setError(e.message ?? '加载失败'),
      )
      .finally(() => setLoading(false));
  }, [request, filter]);
  useEffect(() => {
    const timer = setTimeout(load, 250);
    return () => clearTimeout(timer);
  }, [load]);
  usePageRefresh(load);
  const places = useMemo(() => placeOptions(all), [all]);
  const floors = places.get(Number(filter.buildingId))?.floors;

  return (
    <div className="page" data-testid="page-bedDevices">
      <div className="filter-bar">
        <HTMLSelect
          aria-label="楼栋"
          value={filter.buildingId}
          onChange={(e) => setFilter({ ...filter, buildingId: e.currentTarget.value, floorNo: '' })}
        >
          <option value="">全部楼栋</option>
          {[...places].map(([id, b]) => (
            <option key={id} value={id}>
              {b.name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="楼层"
          value={filter.floorNo}
          disabled={!floors}
          onChange={(e) => setFilter({ ...filter, floorNo: e.currentTarget.value })}
        >
          <option value="">全部楼层</option>
          {[...(floors ?? [])].map(([no, name]) => (
            <option key={no} value={no}>
              {name}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          leftIcon="search"
          placeholder="长者姓名或房间"
          aria-label="搜索"
          value={filter.keyword}
          onChange={(e) => setFilter({ ...filter, keyword: e.currentTarget.value })}
        />
      </div>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <HTMLTable striped compact className="data-table rule-table">
        <thead>
          <tr>
            <th>楼栋</th>
            <th>楼层</th>
            <th>房间</th>
            <th>床位</th>
            <th>长者</th>
            <th>床垫</th>
            <th>呼叫按钮</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((bed) => (
            <tr key={bed.bedId} data-testid="bed-row" data-bed-id={bed.bedId}>
              <td>{bed.buildingName}</td>
              <td>{bed.floorName}</td>
              <td>{bed.roomName}</td>
              <td>{bed.bedName}</td>
              <td>{bed.oldmanName ?? <span className="muted">空床</span>}</td>
              <td data-testid="bed-mattress" data-device-id={bed.mattress?.deviceId ?? ''}>
                <DeviceCell device={bed.mattress} />
              </td>
              <td data-testid="bed-callButton" data-device-id={bed.callButton?.deviceId ?? ''}>
                <DeviceCell device={bed.callButton} />
              </td>
              <td className="actions">
                <RowButton
                  code={Authority.iotAlarmRulesEdit}
                  icon="edit"
                  text="绑定设备"
                  onClick={() => setEditing(bed)}
                />
              </td>
            </tr>
          ))}
          {!loading && rows.length === 0 && (
            <tr>
              <td colSpan={8} className="empty">
                暂无床位
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      {editing && (
        <BedDeviceDialog
          bed={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </div>
  );
}

const deviceLabel = (d: DeviceOption, bedId: number) =>
  `${d.deviceName}（${d.deviceCode}）${
    d.bedId === null ? ' — 空闲' : d.bedId === bedId ? '' : ` — 现在 ${d.roomName ?? ''} ${d.bedName ?? ''}`
  }`;

/**
 * Choose a bed's mattress and call button. A device now on another bed moves here (the server unbinds
 * it there). A refusal shows the server's message; the dialog stays and nothing changes.
 */
function BedDeviceDialog({ bed, onClose, onSaved }: { bed: BedRow; onClose(): void; onSaved(): void }) {
  const { request, toast } = useApp();
  const [options, setOptions] = useState<Record<Kind, DeviceOption[]>>({ mattress: [], callButton: [] });
  const [mattress, setMattress] = useState(bed.mattress ? String(bed.mattress.deviceId) : '');
  const [callButton, setCallButton] = useState(bed.callButton ? String(bed.callButton.deviceId) : '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const list = (kind: Kind) =>
      request<DeviceOption[]>({ url: IotPaths.bedDevices, params: { kind }, silent: true });
    Promise.all([list('mattress'), list('callButton')]).then(
      ([m, c]) => setOptions({ mattress: m, callButton: c }),
      (e: { message?: string }) => setError(e.message ?? '设备列表加载失败'),
    );
  }, [request]);
  const save = () => {
    setBusy(true);
    setError('');
    const data = {
      mattressDeviceId: mattress === '' ? null : Number(mattress),
      callDeviceId: callButton === '' ? null : Number(callButton),
    };
    request<null>({
      url: pathWith(IotPaths.bed, { bedId: bed.bedId }),
      method: 'PUT',
      data,
      silent: true,
    }).then(
      () => {
        toast('保存成功', 'success');
        onSaved();
      },
      (e: { message?: string }) => {
        setBusy(false);
        setError(e.message ?? '保存失败');
      },
    );
  };
  const select = (kind: Kind, label: string, value: string, onChange: (v: string) => void) => (
    <FormGroup label={label} labelFor={`bed-${kind}`}>
      <HTMLSelect id={`bed-${kind}`} fill value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">不绑定</option>
        {options[kind].map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {deviceLabel(d, bed.bedId)}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`绑定设备：${bed.buildingName} ${bed.roomName} ${bed.bedName}`}
      icon="link"
      style={{ width: 560 }}
    >
      <DialogBody>
        <p className="muted">长者：{bed.oldmanName ?? '空床'}。选择其他床位上的设备会将其移到本床位。</p>
        {select('mattress', '床垫', mattress, setMattress)}
        {select('callButton', '呼叫按钮', callButton, setCallButton)}
        {error && (
          <Callout intent={Intent.DANGER} data-testid="form-error">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="c" text="取消" onClick={onClose} />,
          <Button key="s" intent={Intent.PRIMARY} text="保存" loading={busy} onClick={save} />,
        ]}
      />
    </Dialog>
  );
}
