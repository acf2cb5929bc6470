import { type ViewLoaders, view } from '../../src/router/views.js';

/** 仓储管理 (module.ts). */
export const warehouseViews: ViewLoaders = {
  'warehouse.StockIn': view(() => import('./StockDocuments.js'), 'StockIn'),
  'warehouse.StockOut': view(() => import('./StockDocuments.js'), 'StockOut'),
  'warehouse.Scrap': view(() => import('./StockDocuments.js'), 'Scrap'),
  'warehouse.Transfer': view(() => import('./StockDocuments.js'), 'Transfer'),
  'warehouse.Lend': view(() => import('./StockDocuments.js'), 'Lend'),
  'warehouse.Inventory': view(() => import('./Stocktake.js'), 'Stocktake'),
};
