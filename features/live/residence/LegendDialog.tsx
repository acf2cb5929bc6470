import { Button, Callout, DialogBody, DialogFooter, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import {
  MapType,
  type MapTypeCode,
  mapTypeName,
  ResidencePaths,
  residencePath,
} from '../../../domain/resources/residence.js';
import { useApp } from '../../../src/app/AppContext.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import type { LegendItem } from '../api/residence.js';

/** 图例设置: the name and colour of each bed and room status on the map (PUT roomMapConfig). */
export function LegendDialog({
  legend,
  onClose,
  onSaved,
}: {
  legend: LegendItem[];
  onClose(): void;
  onSaved(): void;
}) {
  const { request, toast } = useApp();
  const [items, setItems] = useState(legend);
  const [error, setError] = useState('');
  const edit = (i: number, patch: Partial<LegendItem>) =>
    setItems(items.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const run = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      toast('图例已保存', 'success');
      onSaved();
    } catch (e) {
      setError((e as { message?: string }).message ?? '保存失败');
    }
  };
  const save = () =>
    run(async () => {
      for (const type of [MapType.bed, MapType.room] as MapTypeCode[])
        await request({
          url: ResidencePaths.mapConfig,
          method: 'PUT',
          silent: true,
          data: {
            type,
            items: items
              .filter((x) => x.type === type)
              .map(({ statusId, statusName, color, sort }) => ({ statusId, statusName, color, sort })),
          },
        });
    });
  const reset = () =>
    run(async () => {
      for (const type of [MapType.bed, MapType.room])
        await request({
          url: residencePath(ResidencePaths.legendReset, { type }),
          method: 'POST',
          silent: true,
        });
    });
  return (
    <Dialog isOpen title="图例设置" onClose={onClose} className="residence-dialog">
      <DialogBody>
        <HTMLTable compact className="data-table">
          <thead>
            <tr>
              <th>类型</th>
              <th>名称</th>
              <th>颜色</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => (
              <tr key={`${item.type}-${item.statusId}`}>
                <td>{mapTypeName[item.type]}</td>
                <td>
                  <InputGroup
                    small
                    value={item.statusName}
                    aria-label="名称"
                    onChange={(e) => edit(i, { statusName: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <input
                    type="color"
                    aria-label="颜色"
                    value={item.color}
                    onChange={(e) => edit(i, { color: e.currentTarget.value.toUpperCase() })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="恢复默认" onClick={reset} />
            <Button text="取消" onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="保存" onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}
