import { mergeMap, type Observable } from 'rxjs';
import type { PaymentOrderView } from '../domain/payment.js';
import type { ServerPushMessage } from '../domain/push.js';

/** Payment orders out of the push channel's 'payment.updated' messages, in order. */
export const payments$ = (push$: Observable<ServerPushMessage>): Observable<PaymentOrderView> =>
  push$.pipe(mergeMap((m) => (m.type === 'payment.updated' ? [m.data] : [])));
