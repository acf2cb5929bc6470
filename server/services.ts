import type { FastifyBaseLogger } from 'fastify';
import type { Bridge } from './broker/index.js';
import type { Db } from './db/index.js';
import type { PushHub } from './push/hub.js';
import type { RulesEngine } from './rules/engine.js';

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
  /** Real-time parts: push fan-out, the broker and the rules engine. */
  hub: PushHub;
  bridge: Bridge;
  rules: RulesEngine;
}
