import { today } from '../../../domain/clock.js';
import { homecareDocuments } from '../../../domain/resources/documents.js';
import type { AnyRoute } from '../../../server/http/route.js';
import { documentHooks, documentRoutes, type ServerDocumentFamily } from '../../live/server/documents.js';
import { homeElder } from './elders.js';

/**
 * 文书管理 of home care (spec 001 §2 /homecare/tempeleteDocument/{typeId}): the institution's
 * document calls for the elders of the 居家档案 and the home-care templates (isHome 1).
 */
const homeDocuments: ServerDocumentFamily = {
  family: homecareDocuments,
  async elder(ctx, oldmanId) {
    return homecareDocuments.elderValues(await homeElder(ctx, oldmanId), today());
  },
};

export const homeTemplateDataHooks = documentHooks(homeDocuments);

export function homecareDocumentRoutes(): AnyRoute[] {
  return documentRoutes(homeDocuments);
}
