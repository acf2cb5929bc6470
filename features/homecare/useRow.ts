import { useEffect, useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';

/** One record by id from the definition's detail path; reloads when refreshKey changes. */
export function useRow(def: ResourceDef, id: number, refreshKey: unknown): Row | null {
  const { request } = useApp();
  const [row, setRow] = useState<Row | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads
  useEffect(() => {
    if (!id || !def.api.get) return;
    let live = true;
    request<Row>({ url: def.api.get.replace(':id', String(id)) }).then(
      (found) => live && setRow(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [def, id, request, refreshKey]);
  return row;
}
