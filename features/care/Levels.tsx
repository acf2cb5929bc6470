import { DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { CarePlanScreens } from '../../domain/screens.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { levelResource } from '../expense/module.js';
import { levelProjectResource } from './resources/planBase.js';

/**
 * 护理等级 (/careplan/levels): the care levels (their monthly fee feeds the bills, kept under 收费设置)
 * and, per level, the care projects a new plan of the level starts with.
 */
export function Levels() {
  const levels = useResourceAuthority(levelResource);
  const config = useResourceAuthority(levelProjectResource);
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <div className="page" data-testid="page-care-levels">
      <ResourceList
        def={levelResource}
        routeName={CarePlanScreens.levels}
        canCreate={levels.canCreate}
        canEdit={levels.canEdit}
        canRemove={levels.canRemove}
        rowActions={(row) => (config.canView ? rowButton('护理项目配置', () => setOpen(row)) : null)}
        actionsWidth={260}
      />
      <Dialog
        isOpen={open !== null}
        onClose={() => setOpen(null)}
        title={`护理项目配置 · ${String(open?.levelName ?? '')}`}
        style={{ width: 900 }}
      >
        <DialogBody>
          {open ? (
            <ResourceList
              def={levelProjectResource}
              routeName={`${CarePlanScreens.levels}#projects`}
              fixedParams={{ levelId: Number(open.levelId) }}
              createInitial={{ levelId: Number(open.levelId) }}
              canCreate={config.canCreate}
              canEdit={config.canEdit}
              canRemove={config.canRemove}
              canOpen={false}
            />
          ) : null}
        </DialogBody>
      </Dialog>
    </div>
  );
}
