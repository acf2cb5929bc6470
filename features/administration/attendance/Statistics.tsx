import { Button, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { nowStamp, today } from '../../../domain/clock.js';
import { AttendanceScreens as S } from '../../../domain/screens.js';
import { AttendanceAuthority as A } from '../../../domain/statuses/attendance.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceForm, ResourceList } from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { attendanceClockResource, attendanceStatisticsResource } from '../resources/attendance.js';

/**
 * 考勤统计 (administration/attendance/record): the month's figures per member of a group — 排班,
 * 出勤, 迟到, 早退, 缺勤, 缺卡, 加班 — in the one list with its month filter and export; 补录打卡
 * records a clock a terminal missed.
 */
export function Statistics() {
  const { toast } = useApp();
  const canClock = useAuthority(A.clock);
  const [clocking, setClocking] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <div className="page" data-testid="page-attendance-record">
      <ResourceList
        def={attendanceStatisticsResource}
        routeName={S.record}
        canOpen={false}
        refreshKey={version}
        initialFilters={{ month: today().slice(0, 7) }}
        toolbarExtra={
          canClock ? <Button icon="time" text="补录打卡" onClick={() => setClocking(true)} /> : null
        }
      />
      <Dialog isOpen={clocking} title="补录打卡" onClose={() => setClocking(false)}>
        <DialogBody>
          <ResourceForm
            def={attendanceClockResource}
            mode="create"
            initial={{ clockType: 1, clockTime: nowStamp() }}
            onSaved={() => {
              toast('打卡已记录', 'success');
              setClocking(false);
              setVersion((n) => n + 1);
            }}
            onCancel={() => setClocking(false)}
          />
        </DialogBody>
      </Dialog>
    </div>
  );
}
