import { Button, Card, H4 } from '@blueprintjs/core';
import { useState } from 'react';
import { HomecareScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceForm, ResourceList, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { ImportDialog } from '../archives/ImportDialog.js';
import { HomecarePaths } from './api.js';
import { homeOldmanResource } from './resources/elders.js';

const def = homeOldmanResource;

/** 居家档案 (/homecare/archives): elders cared for at home. */
export function Elders() {
  const { toast } = useApp();
  const may = useResourceAuthority(def);
  const [importing, setImporting] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <div className="page" data-testid="page-homecare-archives">
      <ResourceList
        def={def}
        routeName={HomecareScreens.archives}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        refreshKey={refreshKey}
        onCreate={() => navigate(HomecareScreens.archivesAdd)}
        toolbarExtra={
          may.canCreate && <Button icon="import" text="批量导入" onClick={() => setImporting(true)} />
        }
      />
      {importing && (
        <ImportDialog
          importUrl={HomecarePaths.import}
          templateUrl={`${HomecarePaths.download}?type=oldmanBase&format=xlsx`}
          title="居家档案"
          onClose={() => setImporting(false)}
          onImported={(n) => {
            toast(`已导入 ${n} 条居家档案`, 'success');
            setRefreshKey((r) => r + 1);
          }}
        />
      )}
    </div>
  );
}

/** 新增居家档案: both sections at once; birth date and sex follow from the ID card. */
export function ElderAdd() {
  const { toast } = useApp();
  return (
    <div className="page" data-testid="page-homecare-archives-add">
      <Card>
        <H4>新增居家档案</H4>
        <ResourceForm
          def={def}
          mode="create"
          onSaved={() => {
            toast('居家档案已保存', 'success');
            navigate(HomecareScreens.archives);
          }}
          onCancel={() => navigate(HomecareScreens.archives)}
        />
      </Card>
    </div>
  );
}
