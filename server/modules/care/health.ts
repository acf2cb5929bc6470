import type { ServerModule } from '../types.js';

/** The server's part of the health screens of 护理计划. */
export const careHealthServer: ServerModule = {};
