import { useEffect, useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { CareHealthPaths, type WeekPlan } from '../api/careHealth.js';

/** The week's menu of a plan (or of this week), read again when `refreshKey` changes. */
export function useWeekPlan(planId: number | null, refreshKey: unknown = 0): WeekPlan | null {
  const { request } = useApp();
  const [plan, setPlan] = useState<WeekPlan | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads on purpose
  useEffect(() => {
    let live = true;
    request<WeekPlan>({ url: CareHealthPaths.weekPlan, params: planId ? { planId } : {} }).then(
      (p) => live && setPlan(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, planId, refreshKey]);
  return plan;
}
