import { H5 } from '@blueprintjs/core';
import { useState } from 'react';
import type { z } from 'zod';
import { HomecareScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { HomecarePaths, type shelved } from './api.js';
import { serveProjectResource, serveProjectTypeResource } from './resources/elders.js';

/** 服务项目 (/homecare/serviceitems): project types (shelve or unshelve a whole type) and projects. */
export function ServiceItems() {
  const { request, toast } = useApp();
  const types = useResourceAuthority(serveProjectTypeResource);
  const projects = useResourceAuthority(serveProjectResource);
  const [refreshKey, setRefreshKey] = useState(0);
  const shelve = async (row: Row, onShelf: 0 | 1) => {
    try {
      const done = await request<z.infer<typeof shelved>>({
        url: HomecarePaths.shelves.replace(':type', String(row.id)),
        method: 'PUT',
        data: { onShelf },
      });
      toast(`${String(row.name)}：${done.updated} 个项目已${onShelf ? '上架' : '下架'}`, 'success');
      setRefreshKey((k) => k + 1);
    } catch {
      // the client shows the server's message
    }
  };
  return (
    <div className="page" data-testid="page-homecare-items">
      <H5>项目类型</H5>
      <ResourceList
        def={serveProjectTypeResource}
        routeName={`${HomecareScreens.serviceitems}/types`}
        canCreate={types.canCreate}
        canEdit={types.canEdit}
        canRemove={types.canRemove}
        rowActions={(row) =>
          projects.canEdit
            ? [rowButton('全部上架', () => shelve(row, 1)), rowButton('全部下架', () => shelve(row, 0))]
            : null
        }
      />
      <H5>服务项目</H5>
      <ResourceList
        def={serveProjectResource}
        routeName={HomecareScreens.serviceitems}
        canCreate={projects.canCreate}
        canEdit={projects.canEdit}
        canRemove={projects.canRemove}
        refreshKey={refreshKey}
        createInitial={{ onShelf: 1, unit: '次', duration: 60 }}
      />
    </div>
  );
}
