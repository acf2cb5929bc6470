import type { AnyRoute } from '../../../server/http/route.js';
import { homecareAccountRoutes } from './accounts.js';
import { homecareDocumentRoutes } from './documents.js';
import { homecareImportRoutes } from './elderImport.js';
import { homecareElderRoutes } from './elders.js';
import { homecareOrderRoutes } from './orders.js';

/** Spec 001 §7 "Home care (/homecare/web-api)" and the carers' app-api. */
export function homecareRoutes(): AnyRoute[] {
  return [
    ...homecareImportRoutes(),
    ...homecareElderRoutes(),
    ...homecareOrderRoutes(),
    ...homecareAccountRoutes(),
    ...homecareDocumentRoutes(),
  ];
}
