import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LiveAuthority, OLDMAN_BASE, oldmanResource, PROFILE } from '../../../domain/resources/oldman.js';
import { readDeptIds } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { idParam, loadRow, parseInput } from '../../resources/engine.js';

const def = oldmanResource;
const INVITATION_DAYS = 7;
const id = z.coerce.number({ error: '编号无效' }).int().positive('编号无效');

const fileBody = z.object({
  oldmanId: id,
  fileName: z.string().trim().min(1, '请填写文件名称').max(100, '文件名称不能超过100个字'),
  urlPath: z
    .string()
    .trim()
    .regex(/^\/files\/[\w./-]+$/, '文件须为上传后的地址'),
  fileSizeB: z.coerce
    .number()
    .int()
    .min(0)
    .max(50 * 1024 * 1024)
    .default(0),
});

/** The profile sections the console shows, in order (setting/oldmanMenus). */
const MENU_KEYS = ['base', 'extra', 'health', 'live', 'family', 'files', 'modify', 'liveRecord'] as const;
const menusBody = z.object({
  menus: z
    .array(z.enum(MENU_KEYS, { error: '档案菜单取值无效' }))
    .min(1, '至少显示一个档案菜单')
    .refine((m) => new Set(m).size === m.length, '档案菜单不能重复'),
});
const MENUS_KEY = 'oldmanMenus';

/** Elder-profile calls beyond the sections: residence history, files, family invitation, lookups. */
export function oldmanExtraRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: `${PROFILE}/:id/liveRecord`,
      auth: LiveAuthority.archives,
      async handler(ctx) {
        const oldman = await loadRow(ctx, def, idParam(ctx.req.params, 'id'));
        return ctx.db
          .selectFrom('liveRecord')
          .selectAll()
          .where('oldmanId', '=', Number(oldman.oldmanId))
          .orderBy('recordId', 'desc')
          .execute();
      },
    }),
    route({
      method: 'GET',
      url: `${OLDMAN_BASE}/file`,
      auth: LiveAuthority.archives,
      async handler(ctx) {
        const { oldmanId } = parseInput(z.object({ oldmanId: id }), ctx.req.query);
        const oldman = await loadRow(ctx, def, oldmanId);
        return ctx.db
          .selectFrom('oldmanFile')
          .selectAll()
          .where('oldmanId', '=', Number(oldman.oldmanId))
          .orderBy('fileId', 'desc')
          .execute();
      },
    }),
    route({
      method: 'POST',
      url: `${OLDMAN_BASE}/file`,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'ADD', name: '添加长者附件' },
      async handler(ctx) {
        const body = parseInput(fileBody, ctx.req.body);
        const oldman = await loadRow(ctx, def, body.oldmanId);
        const stored = await ctx.db
          .selectFrom('storedFile')
          .select('fileId')
          .where('orgId', '=', ctx.user.orgId)
          .where('relPath', '=', body.urlPath.replace(/^\/files\//, ''))
          .executeTakeFirst();
        if (!stored) throw new ApiFailure(Code.invalidInput, '文件不存在，请先上传');
        const row = await ctx.db
          .insertInto('oldmanFile')
          .values({ ...body, orgId: ctx.user.orgId, createTime: nowStamp(), createBy: ctx.user.userId })
          .returning('fileId')
          .executeTakeFirstOrThrow();
        ctx.describe(`长者附件：${String(oldman.oldmanName)} ${body.fileName}`);
        return row;
      },
    }),
    route({
      method: 'DELETE',
      url: `${OLDMAN_BASE}/file/:id`,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'DELETE', name: '删除长者附件' },
      async handler(ctx) {
        const file = await ctx.db
          .selectFrom('oldmanFile')
          .selectAll()
          .where('fileId', '=', idParam(ctx.req.params, 'id'))
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        if (!file) throw new ApiFailure(Code.notFound, '附件不存在');
        await loadRow(ctx, def, file.oldmanId);
        await ctx.db.deleteFrom('oldmanFile').where('fileId', '=', file.fileId).execute();
        ctx.describe(`长者附件：${file.fileName}`);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/pims/web-pi/personnel/sale',
      auth: 'session',
      // Spec 000 §3 "sales worker saleId/saleName": the organisation's staff in service.
      async handler(ctx) {
        const rows = await ctx.db
          .selectFrom('emp')
          .select(['empId as saleId', 'empName as saleName', 'phoneNum'])
          .where('orgId', '=', ctx.user.orgId)
          .where('status', '=', 0)
          .orderBy('empName')
          .execute();
        return { list: rows, total: rows.length, pageNum: 1, pageSize: rows.length };
      },
    }),
    route({
      method: 'GET',
      url: '/pims/web-pi/common/org/roomBed',
      auth: LiveAuthority.archives,
      // Building → floor → room → bed of the user's data departments, each bed with its elder.
      async handler(ctx) {
        const rows = await ctx.db
          .selectFrom('bed')
          .innerJoin('room', 'room.roomId', 'bed.roomId')
          .innerJoin('floor', 'floor.floorId', 'room.floorId')
          .innerJoin('building', 'building.buildingId', 'floor.buildingId')
          .leftJoin('oldman', 'oldman.bedId', 'bed.bedId')
          .select([
            'building.buildingId',
            'building.buildingName',
            'floor.floorId',
            'floor.floorName',
            'room.roomId',
            'room.roomName',
            'bed.bedId',
            'bed.bedName',
            'bed.bedStatus',
            'oldman.oldmanId',
            'oldman.oldmanName',
          ])
          .where('building.orgId', '=', ctx.user.orgId)
          .where('room.deptId', 'in', readDeptIds(ctx.user))
          .orderBy('building.buildingId')
          .orderBy('floor.floorNo')
          .orderBy('room.roomName')
          .orderBy('bed.bedName')
          .execute();
        type Node = { id: number; name: string; type: string; children: Node[]; [k: string]: unknown };
        const tree: Node[] = [];
        const find = (list: Node[], nodeId: number, name: string, type: string) => {
          let node = list.find((n) => n.id === nodeId && n.type === type);
          if (!node) {
            node = { id: nodeId, name, type, children: [] };
            list.push(node);
          }
          return node;
        };
        for (const r of rows) {
          const building = find(tree, r.buildingId, r.buildingName, 'building');
          const floor = find(building.children, r.floorId, r.floorName, 'floor');
          const room = find(floor.children, r.roomId, r.roomName, 'room');
          room.children.push({
            id: r.bedId,
            name: r.bedName,
            type: 'bed',
            children: [],
            bedStatus: r.bedStatus,
            oldmanId: r.oldmanId,
            oldmanName: r.oldmanName,
          });
        }
        return tree;
      },
    }),
    route({
      method: 'POST',
      url: `${PROFILE}/sendInvitationInfo`,
      auth: LiveAuthority.familyEdit,
      log: { type: 'ADD', name: '邀请家属' },
      async handler(ctx) {
        const body = parseInput(z.object({ oldmanId: id, familyId: id }), ctx.req.body);
        const oldman = await loadRow(ctx, def, body.oldmanId);
        const family = await ctx.db
          .selectFrom('oldmanFamily')
          .selectAll()
          .where('familyId', '=', body.familyId)
          .where('oldmanId', '=', body.oldmanId)
          .executeTakeFirst();
        if (!family) throw new ApiFailure(Code.notFound, '家属不存在');
        const code = String(randomInt(100000, 1000000));
        const now = ctx.services.now();
        await ctx.db
          .insertInto('familyInvitation')
          .values({
            orgId: ctx.user.orgId,
            oldmanId: body.oldmanId,
            familyId: body.familyId,
            phone: family.phone,
            code,
            expiresAt: now + INVITATION_DAYS * 24 * 3600_000,
            acceptedAt: null,
            createBy: ctx.user.userId,
            createTime: nowStamp(),
          })
          .execute();
        const text = `【智慧养老】${family.familyName}您好，邀请您关注${String(oldman.oldmanName)}的照护信息，邀请码${code}，${INVITATION_DAYS}天内有效。`;
        ctx.afterCommit(() => ctx.services.sms.send(family.phone, text));
        ctx.describe(`邀请家属：${family.familyName}（${String(oldman.oldmanName)}）`);
        return { phone: family.phone, expiresAt: now + INVITATION_DAYS * 24 * 3600_000 };
      },
    }),
    route({
      method: 'GET',
      url: `${PROFILE}/invitationFamily`,
      auth: LiveAuthority.family,
      async handler(ctx) {
        const { oldmanId } = parseInput(z.object({ oldmanId: id }), ctx.req.query);
        await loadRow(ctx, def, oldmanId);
        const now = ctx.services.now();
        const rows = await ctx.db
          .selectFrom('familyInvitation')
          .innerJoin('oldmanFamily', 'oldmanFamily.familyId', 'familyInvitation.familyId')
          .select([
            'familyInvitation.invitationId',
            'familyInvitation.familyId',
            'oldmanFamily.familyName',
            'familyInvitation.phone',
            'familyInvitation.expiresAt',
            'familyInvitation.acceptedAt',
            'familyInvitation.createTime',
          ])
          .where('familyInvitation.oldmanId', '=', oldmanId)
          .orderBy('familyInvitation.invitationId', 'desc')
          .execute();
        return rows.map((r) => ({
          ...r,
          state: r.acceptedAt ? '已接受' : r.expiresAt < now ? '已过期' : '待接受',
        }));
      },
    }),
    route({
      method: 'GET',
      url: '/pims/web-org/setting/oldmanMenus',
      auth: LiveAuthority.archives,
      async handler(ctx) {
        const row = await ctx.db
          .selectFrom('configEntry')
          .select('value')
          .where('orgId', '=', ctx.user.orgId)
          .where('configKey', '=', MENUS_KEY)
          .executeTakeFirst();
        const parsed = menusBody.shape.menus.safeParse(row ? JSON.parse(row.value) : null);
        return { menus: parsed.success ? parsed.data : [...MENU_KEYS] };
      },
    }),
    route({
      method: 'POST',
      url: '/pims/web-org/setting/oldmanMenus',
      auth: LiveAuthority.archivesEdit,
      log: { type: 'UPDATE', name: '设置档案菜单' },
      async handler(ctx) {
        const { menus } = parseInput(menusBody, ctx.req.body);
        await ctx.db
          .insertInto('configEntry')
          .values({ orgId: ctx.user.orgId, configKey: MENUS_KEY, value: JSON.stringify(menus) })
          .onConflict((oc) =>
            oc.columns(['orgId', 'configKey']).doUpdateSet({ value: JSON.stringify(menus) }),
          )
          .execute();
        return { menus };
      },
    }),
  ];
}
