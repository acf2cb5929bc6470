import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { ServerPushMessage } from '../../domain/push.js';
import { notices$ } from '../../streams/notices.js';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('notices$', () => {
  it('passes notices and reminders through in order and drops every other message', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const messages: Record<string, ServerPushMessage> = {
        h: { type: 'heartbeat', data: { ts: 1 } },
        n: { type: 'notice', data: { noticeId: 7, title: '消防演练' } },
        r: { type: 'remind', data: { remindId: 9, title: '王奶奶 15:00 复诊' } },
        l: { type: 'login.expired', data: { code: 4011 } },
      };
      const push = cold('h-n-h-r-l|', messages);
      expectObservable(notices$(push)).toBe('--n---r--|', {
        n: { kind: 'notice', id: 7, title: '消防演练' },
        r: { kind: 'remind', id: 9, title: '王奶奶 15:00 复诊' },
      });
    });
  });
  it('ends with the channel and carries its error', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(notices$(cold<ServerPushMessage>('--#', {}, new Error('closed')))).toBe(
        '--#',
        {},
        new Error('closed'),
      );
    });
  });
});
