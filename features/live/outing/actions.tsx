import { Classes } from '@blueprintjs/core';
import { nowStamp } from '../../../domain/clock.js';
import { isOverdue } from '../../../domain/resources/outing.js';
import {
  type OutingEventType,
  type OutingFields,
  offeredOutingEvents,
  outingEvents,
  outingFieldsOf,
} from '../../../machines/outingMachine.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { type Row, rowButton } from '../../../src/resource/index.js';

/** Which outing events the signed-in user may send (each event's authority code). */
export function useOutingAuthority(): Record<OutingEventType, boolean> {
  const a = (type: OutingEventType) => outingEvents[type].authority;
  return {
    'outing.register': useAuthority(a('outing.register')),
    'outing.edit': useAuthority(a('outing.edit')),
    'outing.pass': useAuthority(a('outing.pass')),
    'outing.decline': useAuthority(a('outing.decline')),
    'outing.affirm': useAuthority(a('outing.affirm')),
    'outing.postpone': useAuthority(a('outing.postpone')),
    'outing.cancel': useAuthority(a('outing.cancel')),
    'outing.return': useAuthority(a('outing.return')),
  };
}

const DANGER: readonly OutingEventType[] = ['outing.cancel', 'outing.decline'];

/**
 * A row's buttons: the events the machine offers from the row's status, that this screen handles
 * and the user may send. Plain markup (rowButton): it renders in every visible row.
 */
export function outingRowActions(
  row: Row,
  screen: readonly OutingEventType[],
  may: Record<OutingEventType, boolean>,
  open: (type: OutingEventType, row: Row, fields: OutingFields) => void,
) {
  const fields = outingFieldsOf(row);
  if (!fields) return null;
  const overdue = isOverdue(row, nowStamp());
  return (
    <>
      {overdue ? (
        <span
          className={`${Classes.TAG} ${Classes.INTENT_DANGER} outing-overdue`}
          data-testid="outing-overdue"
        >
          超时未返院
        </span>
      ) : null}
      {offeredOutingEvents(fields)
        .filter((type) => screen.includes(type) && may[type])
        .map((type) =>
          rowButton(
            type === 'outing.edit' ? '编辑' : outingEvents[type].label,
            () => open(type, row, fields),
            DANGER.includes(type),
          ),
        )}
    </>
  );
}
