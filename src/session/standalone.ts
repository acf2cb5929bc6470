/** The wall's own address: login returns here (spec 000 §2 standalone page fullchart.html). */
export const WALL_PAGE = '/fullchart.html';

/** Session states that show the blocking alert of spec 000 §8 before the logout. */
export const ALERT_STATES = ['expired', 'signedInElsewhere', 'keyInfoChanged'] as const;

/**
 * Where the wall (or another standalone page, at `page`) goes from a state of the session machine, or null to stay. Sign-in, department
 * choice and a forced password change all happen on login.html, which then returns to the wall.
 */
export function leaveFor(
  state: string,
  error: { code: number | string; message: string } | null,
  page: string = WALL_PAGE,
): string | null {
  switch (state) {
    case 'anonymous':
    case 'choosingDepartment':
    case 'passwordChangeRequired':
      return `/login.html?returnUrl=${encodeURIComponent(page)}`;
    case 'startupFailed':
      return `/error.html?code=${encodeURIComponent(String(error?.code ?? 990))}&msg=${encodeURIComponent(error?.message ?? '')}`;
    default:
      return null;
  }
}
