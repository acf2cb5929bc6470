import { ResourceList } from '../../src/resource/index.js';
import { systemLogResource } from './resources.js';

/** /systemSetting/logList: the operation log, filtered by user, time and type; read only. */
export function LogList() {
  return (
    <div className="page" data-testid="page-logList">
      <ResourceList
        def={systemLogResource}
        canOpen={false}
        cells={{
          path: (row) => (
            <span className="mono">
              {String(row.method ?? '')} {String(row.path ?? '')}
            </span>
          ),
        }}
      />
    </div>
  );
}
