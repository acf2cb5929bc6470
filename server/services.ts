import type { FastifyBaseLogger } from 'fastify';
import type { Bridge } from './broker/index.js';
import type { Db } from './db/index.js';
import type { SetupMode } from './db/instance.js';
import type { PaymentService } from './payment/service.js';
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

/** Rings phones for alarms (aliVmsConfig). The default writes the call to the server log; a real voice gateway plugs in here. */
export interface VoiceCaller {
  call(call: { phones: string[]; ttsCode: string; calledShowNumber: string; text: string }): Promise<void>;
}

export function logVoiceCaller(log: FastifyBaseLogger): VoiceCaller {
  return {
    async call({ phones, ttsCode, text }) {
      log.info({ phones, ttsCode, voice: text }, `语音通知 ${phones.join(',')}: ${text}`);
    },
  };
}

export interface Services {
  db: Db;
  dataDir: string;
  sms: SmsSender;
  voice: VoiceCaller;
  /** Milliseconds clock; tests move it. */
  now(): number;
  /** Real-time parts: push fan-out, the broker and the rules engine. */
  hub: PushHub;
  bridge: Bridge;
  rules: RulesEngine;
  /** Scanned-code payment orders over the configured gateway (the sandbox by default). */
  payments: PaymentService;
  /** How this installation was first set up (demo or a real home; server/db/instance.ts). */
  setup: SetupMode;
}
