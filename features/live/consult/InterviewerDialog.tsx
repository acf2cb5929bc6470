import { DialogBody } from '@blueprintjs/core';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { interviewerResource } from '../resources/consult.js';
import { forgetLookup } from './lookupCache.js';

/** 接待人员: the organisation's reception staff, chosen on each consultation. */
export function InterviewerDialog({ onClose }: { onClose(): void }) {
  const may = useResourceAuthority(interviewerResource);
  return (
    <Dialog
      isOpen
      className="resource-dialog consult-interviewers"
      title="接待人员"
      onClose={() => {
        // the consultation form's dropdown must show what was added or renamed here
        forgetLookup('interviewer');
        onClose();
      }}
    >
      <DialogBody>
        <ResourceList
          def={interviewerResource}
          routeName="/live/consult/base/interviewer"
          canCreate={may.canCreate}
          canEdit={may.canEdit}
          canRemove={may.canRemove}
          canExport={false}
        />
      </DialogBody>
    </Dialog>
  );
}
