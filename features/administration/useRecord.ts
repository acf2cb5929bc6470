import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { usePage } from '../../src/router/page.js';

/**
 * The record named by the page's `?id=` (a detail page), loaded from `template`; `onLoaded` runs
 * once with it (marking it read). `missing` says in Chinese why there is none.
 */
export function useRecord(template: string, onLoaded: (row: Row) => void) {
  const { request } = useApp();
  const id = Number(usePage().query.id);
  const [row, setRow] = useState<Row | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per id
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setMissing('缺少编号');
      return;
    }
    let live = true;
    request<Row>({ url: pathWith(template, { id }), silent: true }).then(
      (found) => {
        if (!live) return;
        setRow(found);
        onLoaded(found);
      },
      (e: { message?: string }) => live && setMissing(e.message ?? '数据不存在'),
    );
    return () => {
      live = false;
    };
  }, [id, request, template]);
  return { row, missing, loading: !row && !missing };
}
