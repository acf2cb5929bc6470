import { AttendanceScreens as S } from '../../../domain/screens.js';
import { ResourceList, useResourceAuthority } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { attendanceGroupResource } from '../resources/attendance.js';

/** 考勤组 (administration/attendance/group): the groups; add, edit and detail are their own screens. */
export function Groups() {
  const can = useResourceAuthority(attendanceGroupResource);
  const id = (row: Record<string, unknown>) => String(row.attendanceGroupPkId);
  return (
    <div className="page" data-testid="page-attendance-group">
      <ResourceList
        def={attendanceGroupResource}
        routeName={S.group}
        canCreate={can.canCreate}
        canEdit={can.canEdit}
        canRemove={can.canRemove}
        onCreate={() => navigate(S.groupAdd)}
        onEdit={(row) => navigate(`${S.groupEdit}?id=${id(row)}`)}
        onOpen={(row) => navigate(`${S.groupDetail}?id=${id(row)}`)}
      />
    </div>
  );
}
