import { DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceForm, type Row } from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import {
  type ConsultSection,
  consultationResource,
  consultSectionFields,
  consultSectionPath,
  consultSections,
} from '../resources/consult.js';

const def = consultationResource;
/** The spec has no whole-record PUT: each section saves on its own path. */
const sectionDef = (section: ConsultSection) => ({
  ...def,
  api: { ...def.api, update: consultSectionPath(section) },
});

/** 编辑咨询: one tab per section (spec 001 §3), each saved by its own PUT. */
export function ConsultEdit({ row, onClose }: { row: Row; onClose(changed: boolean): void }) {
  const { toast } = useApp();
  const [current, setCurrent] = useState<Row>(row);
  const [tab, setTab] = useState<ConsultSection>('base');
  const [changed, setChanged] = useState(false);
  return (
    <Dialog
      isOpen
      className="resource-dialog"
      title={`编辑咨询登记：${String(row.oldmanName ?? '')}`}
      onClose={() => onClose(changed)}
    >
      <DialogBody>
        <Tabs
          id="consult-sections"
          selectedTabId={tab}
          onChange={(id) => setTab(id as ConsultSection)}
          renderActiveTabPanelOnly
        >
          {consultSections.map((s) => (
            <Tab
              key={s.key}
              id={s.key}
              title={s.title}
              panel={
                <ResourceForm
                  def={sectionDef(s.key)}
                  mode="edit"
                  initial={current}
                  only={consultSectionFields(s.key)}
                  onSaved={(saved) => {
                    setCurrent((r) => ({ ...r, ...saved.body }));
                    setChanged(true);
                    toast(`${s.title}已保存`, 'success');
                  }}
                  onCancel={() => onClose(changed)}
                />
              }
            />
          ))}
        </Tabs>
      </DialogBody>
    </Dialog>
  );
}
