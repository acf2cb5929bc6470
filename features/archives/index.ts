import { lazy } from 'react';
import type { RouteDef } from '../../src/router/registry.js';
import { ArchivePaths } from './paths.js';

const Archives = lazy(() => import('./Archives.js').then((m) => ({ default: m.Archives })));
const ArchivesAdd = lazy(() => import('./ArchivesAdd.js').then((m) => ({ default: m.ArchivesAdd })));
const ArchiveDetail = lazy(() => import('./ArchiveDetail.js').then((m) => ({ default: m.ArchiveDetail })));
const Families = lazy(() => import('./Families.js').then((m) => ({ default: m.Families })));

/** Spec 001 §2 "Residence": elder profiles and families. */
export const routes: RouteDef[] = [
  { path: ArchivePaths.list, title: '长者档案', component: Archives },
  { path: ArchivePaths.add, title: '新增长者档案', component: ArchivesAdd, tab: false },
  { path: ArchivePaths.detail, title: '长者档案详情', component: ArchiveDetail, tab: false },
  { path: ArchivePaths.family, title: '家属管理', component: Families },
];
