import { randomInt } from 'node:crypto';
import {
  elderFile,
  elderQuery,
  fileBody,
  invitations,
  inviteBody,
  invited,
  liveRecordRows,
  MENU_KEYS,
  menus,
  menusBody,
  OldmanPaths as P,
  roomBedTree,
  salePage,
} from '../../../domain/api/oldman.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LiveAuthority, oldmanResource } from '../../../domain/resources/oldman.js';
import { bedPlaces } from '../../../server/db/bedPlaces.js';
import { readDeptIds } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery, noResult } from '../../../server/http/schemas.js';
import { loadRow } from '../../../server/resources/engine.js';

const def = oldmanResource;
const INVITATION_DAYS = 7;
const MENUS_KEY = 'oldmanMenus';

/** Elder-profile calls beyond the sections: residence history, files, family invitation, lookups. */
export function oldmanExtraRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.liveRecord,
      auth: LiveAuthority.archives,
      summary: '长者入住记录',
      params: idParams,
      query: noQuery,
      response: liveRecordRows,
      async handler(ctx) {
        const oldman = await loadRow(ctx, def, ctx.params.id);
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
      url: P.files,
      auth: LiveAuthority.archives,
      summary: '长者附件',
      query: elderQuery,
      response: elderFile.array(),
      async handler(ctx) {
        const oldman = await loadRow(ctx, def, ctx.query.oldmanId);
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
      url: P.files,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'ADD', name: '添加长者附件' },
      body: fileBody,
      response: elderFile.pick({ fileId: true }),
      async handler(ctx) {
        const body = ctx.body;
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
      url: P.file,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'DELETE', name: '删除长者附件' },
      params: idParams,
      response: noResult,
      async handler(ctx) {
        const file = await ctx.db
          .selectFrom('oldmanFile')
          .selectAll()
          .where('fileId', '=', ctx.params.id)
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
      url: P.sale,
      auth: 'session',
      summary: '营销人员',
      query: noQuery,
      response: salePage,
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
      url: P.roomBed,
      auth: LiveAuthority.archives,
      summary: '楼栋房间床位树',
      query: noQuery,
      response: roomBedTree,
      // Building → floor → room → bed of the user's data departments, each bed with its elder.
      async handler(ctx) {
        const rows = await bedPlaces(ctx.db)
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
      url: P.invite,
      auth: LiveAuthority.familyEdit,
      log: { type: 'ADD', name: '邀请家属' },
      body: inviteBody,
      response: invited,
      async handler(ctx) {
        const body = ctx.body;
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
      url: P.invitations,
      auth: LiveAuthority.family,
      summary: '家属邀请',
      query: elderQuery,
      response: invitations,
      async handler(ctx) {
        const { oldmanId } = ctx.query;
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
      url: P.menus,
      auth: LiveAuthority.archives,
      summary: '档案菜单设置',
      query: noQuery,
      response: menus,
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
      url: P.menus,
      auth: LiveAuthority.archivesEdit,
      log: { type: 'UPDATE', name: '设置档案菜单' },
      body: menusBody,
      response: menus,
      async handler(ctx) {
        const chosen = ctx.body.menus;
        await ctx.db
          .insertInto('configEntry')
          .values({ orgId: ctx.user.orgId, configKey: MENUS_KEY, value: JSON.stringify(chosen) })
          .onConflict((oc) =>
            oc.columns(['orgId', 'configKey']).doUpdateSet({ value: JSON.stringify(chosen) }),
          )
          .execute();
        return { menus: chosen };
      },
    }),
  ];
}
