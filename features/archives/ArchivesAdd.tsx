import { Card, H4 } from '@blueprintjs/core';
import { oldmanResource } from '../../domain/resources/oldman.js';
import { LiveScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceForm } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';

/** 新增长者档案: every section at once; birth date and sex follow from the ID card. */
export function ArchivesAdd() {
  const { toast } = useApp();
  return (
    <div className="page archives-add" data-testid="page-archives-add">
      <Card>
        <H4>新增长者档案</H4>
        <ResourceForm
          def={oldmanResource}
          mode="create"
          onSaved={(saved) => {
            toast('长者档案已保存', 'success');
            navigate(`${LiveScreens.archiveDetail}?oldmanId=${saved.id}`);
          }}
          onCancel={() => navigate(LiveScreens.archives)}
        />
      </Card>
    </div>
  );
}
