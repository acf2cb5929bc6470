import { z } from 'zod';
import { pageSchema, pagingShape } from '../resource.js';
import { DICTIONARY_MODELS } from '../resources/baseData.js';
import { deptInfo } from '../session.js';

/**
 * Spec 000 §7 "Lookups": the dropdowns' data sets (spec 000 §3), where each is and what it answers.
 * Most answer a page (`pageHelper=0`: every row); the trees answer their roots.
 */
export const LookupPaths = {
  depts: '/ifms/web-org/depts',
  rooms: '/ifms/web-org/rooms',
  beds: '/ifms/web-org/beds',
  jobs: '/ifms/web-org/job',
  jobTypes: '/ifms/web-org/jobType',
  roles: '/passport/web-rbac/roles',
  globalSearch: '/passport/web-org/common/global-search',
  /** The region tree rooted at 000000 (spec 000 §3). */
  regions: '/pims/web-org/common/pcd',
  locationTypes: '/ifms/web-org/locationType',
  locations: '/ifms/web-org/locations',
  /** Spec 000 §7: "mocked (provinces and cities, page size 9999)". */
  shareCode: '/abc/sharecode',
} as const;

/** The lookups' query: paging (unpaged by default) and a keyword some of them ignore. */
export const lookupQuery = z.object({ ...pagingShape, keyword: z.string().max(64).optional() });
export const roomQuery = lookupQuery.extend({ floorId: z.coerce.number().int().optional() });
export const bedQuery = lookupQuery.extend({ roomId: z.coerce.number().int().optional() });
export const globalSearchQuery = z.object({
  keyword: z.string().trim().min(1, '请输入搜索内容').max(32),
});

export const deptsAnswer = pageSchema(deptInfo);
export const roomsAnswer = pageSchema(
  z.object({
    roomId: z.number().int(),
    roomName: z.string(),
    roomType: z.string(),
    floorId: z.number().int(),
    deptId: z.number().int(),
    floorName: z.string(),
    buildingName: z.string(),
  }),
);
export const bedsAnswer = pageSchema(
  z.object({
    bedId: z.number().int(),
    bedName: z.string(),
    bedStatus: z.number().int(),
    roomId: z.number().int(),
    roomName: z.string(),
  }),
);
export const jobsAnswer = pageSchema(
  z.looseObject({
    jobId: z.number().int(),
    jobName: z.string(),
    jobTypeCode: z.string(),
    jobTypeName: z.string(),
  }),
);
export const jobTypesAnswer = z.array(z.object({ jobTypeCode: z.string(), jobTypeName: z.string() }));
export const rolesAnswer = pageSchema(
  z.object({ roleId: z.number().int(), name: z.string(), remark: z.string() }),
);
export const globalSearchAnswer = z.array(
  z.object({ type: z.literal('menu'), name: z.string(), routePath: z.string() }),
);

/** An optional 6-digit code; an empty parameter counts as absent. */
const regionCode = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: '区划编码应为6位数字' })
    .regex(/^\d{6}$/, '区划编码应为6位数字')
    .optional(),
);
/**
 * `code` gives the path from the province down to that code (to show a stored code's full name and
 * preselect the console's cascade); otherwise the children of `parentCode`.
 */
export const regionQuery = z.object({ parentCode: regionCode, code: regionCode });
export const region = z.object({ code: z.string(), name: z.string(), parentCode: z.string() });
export const regionNode = region.extend({
  /** No children below (a county, or a city without counties). */
  leaf: z.boolean(),
});
export type RegionNode = z.infer<typeof regionNode>;
export const regionsAnswer = z.array(regionNode);

export const shareCodeBody = z
  .object({
    pageNum: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').default(1),
    pageSize: z.coerce
      .number({ error: '每页条数无效' })
      .int('每页条数无效')
      .min(1, '每页条数无效')
      .max(9999, '每页最多9999条')
      .default(9999),
    parentCode: z
      .string()
      .regex(/^\d{6}$/, '上级区划编码应为6位数字')
      .optional(),
  })
  .default({ pageNum: 1, pageSize: 9999 });
export const shareCodeAnswer = pageSchema(region);

// ── the building model as a tree (spec 000 §3 "location tree") ────────────────────────────────

export const locationTypesAnswer = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** Spec 000 §3 "location tree locationId/locationName/children/locationType/parentId". */
export interface LocationNode {
  /** Type letter and the row id (B building, F floor, R room, D bed): the four tables share no id space. */
  locationId: string;
  locationName: string;
  /** 1 building, 2 floor, 3 room, 4 bed (domain/resources/baseData.ts locationTypes). */
  locationType: 1 | 2 | 3 | 4;
  parentId: string;
  /** The id in its own table (buildingId, floorId, roomId or bedId). */
  refId: number;
  /** Building, floor, room and bed names together, e.g. 1号楼 2层 1201 1床. */
  fullName: string;
  children: LocationNode[];
}
const locationFields = {
  locationId: z.string(),
  locationName: z.string(),
  locationType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  parentId: z.string(),
  refId: z.number().int(),
  fullName: z.string(),
};
// A tree: recursive through z.lazy, and named (meta id) so /openapi.json gives it a component of its own
// that refers to itself (docs/decisions.md "Recursive trees"); the ids are unique across the document.
export const locationNode: z.ZodType<LocationNode> = z
  .object({
    ...locationFields,
    /** The nodes below, each shaped as this one. */
    children: z.array(z.lazy(() => locationNode)),
  })
  .meta({ id: 'LocationNode' });
/** Down to `locationType` (1 buildings … 4 beds, the default). */
export const locationsQuery = z.object({
  locationType: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z.coerce
      .number({ error: '位置类型取值无效' })
      .int('位置类型取值无效')
      .min(1, '位置类型取值无效')
      .max(4, '位置类型取值无效')
      .optional(),
  ),
  pageHelper: z.unknown().optional(),
});
export const locationsAnswer = z.array(locationNode);
/** Spec 000 §7: scheduleMode 1 schedules by bed, 2 by room; each place with its full name. */
export const shiftLocationQuery = z.object({
  scheduleMode: z.coerce
    .number({ error: '排班方式取值无效' })
    .refine((v) => v === 1 || v === 2, '排班方式取值无效（1按床位，2按房间）'),
});
export const shiftLocationAnswer = pageSchema(z.object(locationFields));

// ── storage classify and assessors, as trees ──────────────────────────────────────────────────

export interface ClassifyNode {
  classifyId: number;
  classifyName: string;
  classifyCode: string | null;
  classifyLevel: number;
  parentId: number | null;
  /** Spec 000 §3: only level-3 nodes or nodes with children can be chosen. */
  selectable: boolean;
  children: ClassifyNode[];
}
export const classifyNode: z.ZodType<ClassifyNode> = z
  .object({
    classifyId: z.number().int(),
    classifyName: z.string(),
    classifyCode: z.string().nullable(),
    classifyLevel: z.number().int(),
    parentId: z.number().int().nullable(),
    selectable: z.boolean(),
    /** The nodes below, each shaped as this one. */
    children: z.array(z.lazy(() => classifyNode)),
  })
  .meta({ id: 'ClassifyNode' });
export const classifyQuery = z.object({
  keyword: z.string().trim().max(20, '关键字不能超过20个字').optional(),
});
export const classifyAnswer = z.array(classifyNode);

export interface AssessorLeaf {
  userId: number;
  userName: string;
  loginName: string;
  deptId: number;
  assessAuth: 0 | 1;
}
export interface AssessorDept {
  deptId: number;
  deptName: string;
  parentId: number;
  children: (AssessorDept | AssessorLeaf)[];
}
const assessorLeaf = z.object({
  userId: z.number().int(),
  userName: z.string(),
  loginName: z.string(),
  deptId: z.number().int(),
  assessAuth: z.union([z.literal(0), z.literal(1)]),
});
export const assessorDept: z.ZodType<AssessorDept> = z
  .object({
    deptId: z.number().int(),
    deptName: z.string(),
    parentId: z.number().int(),
    /** Staff, or departments shaped as this one. */
    children: z.array(z.union([assessorLeaf, z.lazy(() => assessorDept)])),
  })
  .meta({ id: 'AssessorDept' });
/** assessAuth 0: staff not yet allowed to assess; 1: those allowed; left out: everyone. */
export const assessorTreeQuery = z.object({
  assessAuth: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: '评估权限取值无效' })
      .refine((v) => v === 0 || v === 1, '评估权限取值无效（0未授权，1已授权）')
      .optional(),
  ),
});
export const assessorTreeAnswer = z.array(assessorDept);
export const assessUserParams = z.object({
  userId: z.coerce.number({ error: '编号无效' }).int('编号无效').positive('编号无效'),
});
export const deletedAnswer = z.object({ deleted: z.number().int() });

// ── flat dropdowns of the later modules (unpaged pages) ───────────────────────────────────────

export const specChoicesAnswer = pageSchema(
  z.object({ specId: z.number().int(), specName: z.string().nullable() }),
);
export const icPointsAnswer = pageSchema(
  z.looseObject({
    pointPkId: z.number().int(),
    pointName: z.string().nullable(),
    icCard: z.string().nullable(),
    buildingId: z.number().int().nullable(),
    place: z.string().nullable(),
  }),
);
export const executorsAnswer = pageSchema(
  z.object({
    nursingId: z.number().int(),
    nursingName: z.string(),
    phoneNum: z.string(),
    deptName: z.string(),
  }),
);
export const shiftChoicesAnswer = pageSchema(
  z.looseObject({
    shiftPkId: z.number().int(),
    shiftName: z.string().nullable(),
    workPeriod: z.string().nullable(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    scheduleMode: z.number().int().nullable(),
  }),
);

/** An elder, optional for the carers of the elder's department first. */
export const oldmanQuery = z.object({
  oldmanId: z.coerce.number({ error: '请选择长者' }).int('长者无效').positive('请选择长者'),
});
export const nursingWorkersAnswer = pageSchema(
  z.object({
    nursingId: z.number().int(),
    realName: z.string(),
    phoneNum: z.string(),
    deptId: z.number().int(),
    sex: z.number().int(),
  }),
);
export const elderCarersAnswer = pageSchema(
  z.looseObject({
    id: z.number().int(),
    oldmanId: z.number().int(),
    nursingId: z.number().int(),
    realName: z.string(),
    phoneNum: z.string(),
    isMain: z.number().int().nullable(),
    startDate: z.string().nullable(),
    remark: z.string().nullable(),
  }),
);
/** Ours: profile changes since a time, for terminals that show elders (bedside units, the nurse host). */
export const profileChangesQuery = z.object({
  oldmanId: z.coerce.number({ error: '长者无效' }).int('长者无效').positive('长者无效').optional(),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '起始时间格式应为YYYY-MM-DD HH:mm:ss')
    .optional(),
});
export const profileChangesAnswer = pageSchema(
  z.object({
    modifyId: z.number().int(),
    oldmanId: z.number().int(),
    oldmanName: z.string(),
    bedId: z.number().int().nullable(),
    section: z.string(),
    userName: z.string(),
    createTime: z.string(),
  }),
);

// ── dictionary models (spec 000 §7 modelDictionarys, dictionaryModels) ─────────────────────────

export const modelDictionaryQuery = z.object({
  dictionaryCode: z.enum(DICTIONARY_MODELS, {
    error: '字典模型只能是oldman、reception或service',
  }),
});
export const modelDictionaryAnswer = z.array(
  z.object({
    dictionaryId: z.number().int(),
    dictionaryName: z.string(),
    valueCode: z.string(),
    modelCode: z.string(),
  }),
);
export const dictionaryModelsAnswer = z.array(
  z.object({
    dictionaryId: z.number().int(),
    dictionaryCode: z.string(),
    dictionaryName: z.string(),
    values: z.array(
      z.object({
        valueId: z.number().int(),
        dictionaryId: z.number().int(),
        valueCode: z.string(),
        valueName: z.string(),
      }),
    ),
  }),
);
