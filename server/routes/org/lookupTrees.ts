import { sql } from 'kysely';
import {
  type AssessorDept,
  type AssessorLeaf,
  assessorTreeAnswer,
  assessorTreeQuery,
  type ClassifyNode,
  classifyAnswer,
  classifyQuery,
  type LocationNode,
  LookupPaths,
  locationsAnswer,
  locationsQuery,
  locationTypesAnswer,
  shiftLocationAnswer,
  shiftLocationQuery,
} from '../../../domain/api/lookups.js';
import { ShiftPaths } from '../../../domain/resources/attendanceBase.js';
import { type LocationType, locationTypes } from '../../../domain/resources/baseData.js';
import { CareBasePaths } from '../../../domain/resources/careBase.js';
import { CLASSIFY_MAX_LEVEL, WarehousePaths } from '../../../domain/resources/warehouseBase.js';
import type { SessionUser } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { readDeptIds } from '../../http/deptScope.js';
import { type AnyRoute, route } from '../../http/route.js';
import { noQuery } from '../../http/schemas.js';

const LETTER: Record<LocationType, string> = { 1: 'B', 2: 'F', 3: 'R', 4: 'D' };
const node = (
  type: LocationType,
  refId: number,
  name: string,
  parent: LocationNode | null,
): LocationNode => ({
  locationId: `${LETTER[type]}${refId}`,
  locationName: name,
  locationType: type,
  parentId: parent?.locationId ?? '0',
  refId,
  fullName: parent ? `${parent.fullName} ${name}` : name,
  children: [],
});

/**
 * The building model as a tree down to `depth` (1 buildings … 4 beds). Rooms and beds are those of
 * the user's data departments; buildings and floors are the organisation's.
 */
async function locationTree(db: Db, user: SessionUser, depth: LocationType): Promise<LocationNode[]> {
  const depts = readDeptIds(user);
  const [buildings, floors, rooms, beds] = await Promise.all([
    db
      .selectFrom('building')
      .select(['buildingId', 'buildingName'])
      .where('orgId', '=', user.orgId)
      .orderBy('buildingId')
      .execute(),
    db
      .selectFrom('floor')
      .innerJoin('building', 'building.buildingId', 'floor.buildingId')
      .select(['floor.floorId', 'floor.floorName', 'floor.buildingId'])
      .where('building.orgId', '=', user.orgId)
      .orderBy('floor.floorNo')
      .execute(),
    db
      .selectFrom('room')
      .innerJoin('dept', 'dept.deptId', 'room.deptId')
      .select(['room.roomId', 'room.roomName', 'room.floorId'])
      .where('dept.orgId', '=', user.orgId)
      .where('room.deptId', 'in', depts)
      .orderBy('room.roomName')
      .execute(),
    db
      .selectFrom('bed')
      .innerJoin('room', 'room.roomId', 'bed.roomId')
      .innerJoin('dept', 'dept.deptId', 'room.deptId')
      .select(['bed.bedId', 'bed.bedName', 'bed.roomId'])
      .where('dept.orgId', '=', user.orgId)
      .where('room.deptId', 'in', depts)
      .orderBy('bed.bedId')
      .execute(),
  ]);
  const roots = buildings.map((b) => node(1, b.buildingId, b.buildingName, null));
  if (depth < 2) return roots;
  const byBuilding = new Map(roots.map((n) => [n.refId, n]));
  const floorNodes = new Map<number, LocationNode>();
  for (const f of floors) {
    const parent = byBuilding.get(f.buildingId);
    if (!parent) continue;
    const n = node(2, f.floorId, f.floorName, parent);
    parent.children.push(n);
    floorNodes.set(f.floorId, n);
  }
  if (depth < 3) return roots;
  const roomNodes = new Map<number, LocationNode>();
  for (const r of rooms) {
    const parent = floorNodes.get(r.floorId);
    if (!parent) continue;
    const n = node(3, r.roomId, r.roomName, parent);
    parent.children.push(n);
    roomNodes.set(r.roomId, n);
  }
  if (depth < 4) return roots;
  for (const b of beds) {
    const parent = roomNodes.get(b.roomId);
    if (parent) parent.children.push(node(4, b.bedId, b.bedName, parent));
  }
  return roots;
}

/** Every node of a tree at one level, parents first. */
function nodesAt(tree: LocationNode[], type: LocationType): LocationNode[] {
  return tree.flatMap((n) => (n.locationType === type ? [n] : nodesAt(n.children, type)));
}

type ClassifyRow = Omit<ClassifyNode, 'children' | 'selectable'>;

/** Rows (parents may come in any order) nested under their parents; orphans become roots. */
function nestClassify(list: ClassifyRow[]): ClassifyNode[] {
  const nodes = new Map(
    list.map((r) => [r.classifyId, { ...r, selectable: false, children: [] as ClassifyNode[] }]),
  );
  const roots: ClassifyNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  for (const n of nodes.values())
    n.selectable = n.classifyLevel === CLASSIFY_MAX_LEVEL || n.children.length > 0;
  return roots;
}

/** The tree-shaped lookups of spec 000 §7 and the location-type list. */
export function lookupTreeRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: LookupPaths.locationTypes,
      auth: 'session',
      summary: '位置类型',
      query: noQuery,
      response: locationTypesAnswer,
      handler: async () => locationTypes.map((t) => ({ ...t })),
    }),
    route({
      method: 'GET',
      url: LookupPaths.locations,
      auth: 'session',
      summary: '位置树',
      query: locationsQuery,
      response: locationsAnswer,
      handler: ({ db, user, query }) => locationTree(db, user, (query.locationType ?? 4) as LocationType),
    }),
    route({
      method: 'GET',
      url: ShiftPaths.location,
      auth: 'session',
      summary: '排班位置',
      query: shiftLocationQuery,
      response: shiftLocationAnswer,
      async handler({ db, user, query }) {
        // Spec 000 §7: scheduleMode 1 schedules by bed, 2 by room; each place with its full name.
        const type: LocationType = query.scheduleMode === 1 ? 4 : 3;
        const list = nodesAt(await locationTree(db, user, type), type).map(({ children: _c, ...n }) => ({
          ...n,
          locationName: n.fullName,
        }));
        return { list, total: list.length, pageNum: 1, pageSize: list.length };
      },
    }),
    route({
      method: 'GET',
      url: WarehousePaths.classify,
      auth: 'session',
      summary: '物品分类树',
      query: classifyQuery,
      response: classifyAnswer,
      async handler({ db, user, query }) {
        // Engine tables (domain/resources) are not in the typed schema: plain SQL.
        const { rows } =
          await sql<ClassifyRow>`select classifyId, classifyName, classifyCode, classifyLevel, parentId
          from storageClassify where orgId = ${user.orgId} order by sort, classifyId`.execute(db);
        const tree = nestClassify(rows);
        if (!query.keyword) return tree;
        const keep = (n: ClassifyNode): ClassifyNode | null => {
          const children = n.children.map(keep).filter((c): c is ClassifyNode => c !== null);
          return n.classifyName.includes(query.keyword ?? '') || children.length ? { ...n, children } : null;
        };
        return tree.map(keep).filter((n): n is ClassifyNode => n !== null);
      },
    }),
    route({
      method: 'GET',
      url: CareBasePaths.assessUserTree,
      auth: 'session',
      summary: '评估人员树',
      query: assessorTreeQuery,
      response: assessorTreeAnswer,
      async handler({ db, user, query }) {
        const [depts, users, assessors] = await Promise.all([
          db
            .selectFrom('dept')
            .select(['deptId', 'deptName', 'parentId'])
            .where('orgId', '=', user.orgId)
            .orderBy('deptId')
            .execute(),
          db
            .selectFrom('users')
            .innerJoin('emp', 'emp.empId', 'users.empId')
            .select(['users.userId', 'users.loginName', 'emp.empName', 'emp.deptId'])
            .where('users.orgId', '=', user.orgId)
            .where('users.status', '=', 0)
            .orderBy('users.userId')
            .execute(),
          sql<{ userId: number }>`select userId from assessUser where orgId = ${user.orgId}`.execute(db),
        ]);
        const allowed = new Set(assessors.rows.map((a) => a.userId));
        const nodes = new Map<number, AssessorDept>(depts.map((d) => [d.deptId, { ...d, children: [] }]));
        for (const u of users) {
          const assessAuth = allowed.has(u.userId) ? 1 : 0;
          if (query.assessAuth !== undefined && assessAuth !== query.assessAuth) continue;
          nodes.get(u.deptId)?.children.push({
            userId: u.userId,
            userName: u.empName,
            loginName: u.loginName,
            deptId: u.deptId,
            assessAuth,
          });
        }
        const roots: AssessorDept[] = [];
        for (const d of nodes.values()) (nodes.get(d.parentId)?.children ?? roots).push(d);
        // Departments with nobody to choose below them are left out.
        const prune = (d: AssessorDept): AssessorDept | null => {
          const children = d.children
            .map((c) => ('userId' in c ? c : prune(c)))
            .filter((c): c is AssessorDept | AssessorLeaf => c !== null);
          return children.length ? { ...d, children } : null;
        };
        return roots.map(prune).filter((d): d is AssessorDept => d !== null);
      },
    }),
  ];
}
