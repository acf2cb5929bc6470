import type { ServerModule } from '../types.js';

/** The server's part of the assessment screens of 护理计划. */
export const assessmentServer: ServerModule = {};
