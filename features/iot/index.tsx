import { lazy } from 'react';
import type { RouteDef } from '../../src/router/registry.js';
import { LocateAlarms, MattressAlarms } from './AlarmConsole.js';
import { monitorRoutes } from './monitor/routes.js';
import { settingsRoutes } from './settings/routes.js';

/** The map pages carry deck.gl and maplibre: loaded only when opened. */
const PositionMap = lazy(() => import('./PositionMap.js').then((m) => ({ default: m.PositionMap })));
const FenceEditor = lazy(() => import('./FenceEditor.js').then((m) => ({ default: m.FenceEditor })));

/** Spec 001 "IoT, base /yunmuIot". */
export const routes: RouteDef[] = [
  { path: '/yunmuIot/alarm', title: '床垫告警', component: MattressAlarms },
  { path: '/yunmuIot/locateAlarm', title: '定位告警', component: LocateAlarms },
  { path: '/yunmuIot/elderPosition/realTime', title: '实时定位', component: PositionMap },
  { path: '/yunmuIot/fence', title: '电子围栏', component: FenceEditor },
  ...settingsRoutes,
  ...monitorRoutes,
];
