import { useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { useApp } from '../../../src/app/AppContext.js';
import type { ActivitySummary } from '../api/activities.js';

/** One activity with its places and sign figures, read again whenever `version` changes. */
export function useActivitySummary(url: string, activityId: number, version: unknown) {
  const { request } = useApp();
  const [summary, setSummary] = useState<ActivitySummary | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh read
  useEffect(() => {
    if (!activityId) return;
    request<ActivitySummary>({ url: pathWith(url, { id: activityId }), silent: true }).then(
      (s) => {
        setSummary(s);
        setError('');
      },
      (e: { message?: string }) => setError(e.message ?? '活动不存在'),
    );
  }, [request, url, activityId, version]);
  return { summary, error };
}
