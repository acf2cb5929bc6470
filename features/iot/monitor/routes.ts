import { lazy } from 'react';
import type { RouteDef } from '../../../src/router/registry.js';
import { BED_CARDS_PATH, HEALTH_PERSONAL_PATH, monitorKindList } from './kinds.js';

// Every page of this folder loads on first use; the chart pages carry echarts in their own chunk.
const HealthPersonal = lazy(() => import('./HealthPersonal.js').then((m) => ({ default: m.HealthPersonal })));
const BedCards = lazy(() => import('./BedCards.js').then((m) => ({ default: m.BedCards })));

/** Mattress monitors, their personal views, health/personal and the bed-card grid (spec 001 /yunmuIot). */
export const monitorRoutes: RouteDef[] = [
  ...monitorKindList.flatMap((def): RouteDef[] => [
    {
      path: def.path,
      title: def.title,
      component: lazy(() => import('./MonitorPage.js').then((m) => ({ default: m.monitorPages[def.kind] }))),
    },
    {
      // The elder's detail screen (?oldmanId=); detail screens are not tabs (spec 001 §2).
      path: def.personalPath,
      title: `${def.title} · 个人`,
      tab: false,
      component: lazy(() =>
        import('./PersonalView.js').then((m) => ({ default: m.personalViews[def.kind] })),
      ),
    },
  ]),
  { path: HEALTH_PERSONAL_PATH, title: '个人健康', component: HealthPersonal },
  { path: BED_CARDS_PATH, title: '床位卡片', component: BedCards },
];
