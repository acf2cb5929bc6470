import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/index.js';

/** Sends SMS codes. The default writes them to the server log; a real gateway plugs in here. */
export interface SmsSender {
  send(phoneNum: string, text: string): Promise<void>;
}

export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phoneNum, text) {
      log.info({ phoneNum, sms: text }, `SMS to ${phoneNum}: ${text}`);
    },
  };
}

export interface Services {
  db: Db;
  dataDir: string;
  sms: SmsSender;
  /** Milliseconds clock; tests move it. */
  now(): number;
}
