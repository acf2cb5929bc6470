import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../../domain/codes.js';
import { type LiveStatusCode, ResidencePaths } from '../../../domain/resources/residence.js';
import type { ResidenceFields } from '../../../machines/residenceMachine.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useDataVersion } from '../../../src/app/dataChanges.js';
import { CONSULT_BASE } from '../api/paths.js';
import type { BuildingTree, LegendItem, RoomInfo } from '../api/residence.js';

/** One row of GET /pims/web-pi/oldmans/live. */
export interface ElderRow extends ResidenceFields {
  oldmanId: number;
  oldmanName: string;
  oldmanStatus: LiveStatusCode;
  sex: number | null;
  age?: number;
  deptName?: string;
  bedName?: string;
  checkInSource?: number | null;
  liveRemark?: string | null;
}

/**
 * A GET answer that reloads when `url` or `params` change; `reload` fetches again. It follows the
 * data too (src/app/dataChanges.ts): a bed taken or refused, a room added in 机构档案, the push
 * channel's residence notice — at once on the page in view, when shown again in a hidden tab.
 */
function useGet<T>(url: string | null, initial: T, params?: Record<string, unknown>) {
  const { request } = useApp();
  const changes = useDataVersion();
  const [data, setData] = useState<T>(initial);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(params ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for params, version and changes reload
  useEffect(() => {
    if (!url) return;
    let live = true;
    request<T>({ url, params: JSON.parse(key) as Record<string, unknown>, silent: true }).then(
      (result) => {
        if (!live) return;
        setData(result);
        setError('');
      },
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, url, key, version, changes]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload };
}

export const useBuildings = () => useGet<BuildingTree[]>(ResidencePaths.buildings, []);
export const useRooms = (params: { buildingId?: number; floorId?: number } = {}, enabled = true) =>
  useGet<RoomInfo[]>(enabled ? ResidencePaths.bedInfos : null, [], params);
export const useLegend = () => useGet<LegendItem[]>(ResidencePaths.mapConfig, []);

/** What an elder's consultation planned (咨询转为档案): 预计入住日期 offered when booking. */
export interface ConsultPlan {
  consultationId: number;
  expectedCheckInDate: string | null;
}
const noPlans: Page<ConsultPlan> = { list: [], total: 0, pageNum: 1, pageSize: 1 };
/** The consultation the elder's archive came from, if any (null: not asked). */
export const useConsultPlan = (oldmanId: number | null) =>
  useGet<Page<ConsultPlan>>(oldmanId === null ? null : CONSULT_BASE, noPlans, {
    linkedOldmanId: oldmanId,
    pageSize: 1,
  }).data.list[0] ?? null;

/** Elders in some statuses, all of them (dialog choices). */
export const useElders = (statuses: readonly number[], enabled = true) => {
  const page = useGet<Page<ElderRow>>(
    enabled ? ResidencePaths.list : null,
    { list: [], total: 0, pageNum: 1, pageSize: 0 },
    { oldmanStatuses: statuses.join(','), pageHelper: 0, sortField: 'oldmanName', sortOrder: 'asc' },
  );
  return { elders: page.data.list, error: page.error };
};

export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
