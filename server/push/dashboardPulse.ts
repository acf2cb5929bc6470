import type { DashboardChangeKind, ServerPushMessage } from '../../domain/push.js';
import { DASHBOARD_PUSH_MS } from '../../features/dashboard/api.js';

interface Pending {
  depts: Set<number>;
  kinds: Set<DashboardChangeKind>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

type Deliver = (orgId: number, depts: ReadonlySet<number>, message: ServerPushMessage) => void;

/**
 * The dashboard's invalidation (docs/decisions.md "Dashboard (issue #17)"): a check-in or out, an
 * alarm opened or closed, a care task done mark the organisation's dashboards stale; at most one
 * 'dashboard.changed' per organisation goes out each DASHBOARD_PUSH_MS (the first at once, what
 * comes within the window together at its end), to the users who read the dashboard and hold one
 * of the departments that changed. The consoles re-read the panels the kinds move.
 */
export class DashboardPulse {
  private readonly pending = new Map<number, Pending>();
  private readonly lastSent = new Map<number, number>();

  constructor(
    private readonly deliver: Deliver,
    private readonly now: () => number = Date.now,
    private readonly windowMs = DASHBOARD_PUSH_MS,
  ) {}

  touch(orgId: number, deptId: number, kind: DashboardChangeKind) {
    let p = this.pending.get(orgId);
    if (!p) {
      p = { depts: new Set(), kinds: new Set(), timer: undefined };
      this.pending.set(orgId, p);
    }
    p.depts.add(deptId);
    p.kinds.add(kind);
    if (p.timer) return;
    const wait = Math.max(0, (this.lastSent.get(orgId) ?? -Infinity) + this.windowMs - this.now());
    p.timer = setTimeout(() => this.flush(orgId), wait);
    p.timer.unref?.();
  }

  stop() {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }

  private flush(orgId: number) {
    const p = this.pending.get(orgId);
    if (!p) return;
    this.pending.delete(orgId);
    this.lastSent.set(orgId, this.now());
    this.deliver(orgId, p.depts, { type: 'dashboard.changed', data: { kinds: [...p.kinds] } });
  }
}
