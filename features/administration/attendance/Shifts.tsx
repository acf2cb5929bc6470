import { useState } from 'react';
import { ShiftPaths, shiftResource } from '../../../domain/resources/attendanceBase.js';
import { AttendanceScreens as S } from '../../../domain/screens.js';
import { ShiftStatus } from '../../../domain/statuses/attendance.js';
import { shiftWorkflow } from '../../../machines/shiftMachine.js';
import { offers } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceList, rowButton, useResourceAuthority } from '../../../src/resource/index.js';

/**
 * 班次管理 (administration/attendance/shift): the shifts in the one list, with 启用/停用 per row
 * (the server refuses to disable one an attendance group schedules, and says which).
 */
export function Shifts() {
  const { request, toast } = useApp();
  const can = useResourceAuthority(shiftResource);
  const [version, setVersion] = useState(0);
  const toggle = async (shiftPkId: number, status: number) => {
    try {
      await request({ url: ShiftPaths.isEnable, method: 'PUT', data: { shiftPkId, status }, silent: true });
      toast(status === ShiftStatus.enabled ? '已启用' : '已停用', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '操作失败', 'danger');
    }
    setVersion((n) => n + 1);
  };
  return (
    <div className="page" data-testid="page-attendance-shift">
      <ResourceList
        def={shiftResource}
        routeName={S.shift}
        canCreate={can.canCreate}
        canEdit={can.canEdit}
        canRemove={can.canRemove}
        refreshKey={version}
        actionsWidth={190}
        rowActions={(row) =>
          can.canEdit
            ? offers(shiftWorkflow, row, 'shift.disable')
              ? rowButton('停用', () => void toggle(Number(row.shiftPkId), ShiftStatus.disabled), true)
              : rowButton('启用', () => void toggle(Number(row.shiftPkId), ShiftStatus.enabled))
            : null
        }
      />
    </div>
  );
}
