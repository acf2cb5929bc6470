import type { ServerModule } from '../types.js';

/** The server's part of the plans screens of 护理计划. */
export const carePlanServer: ServerModule = {};
