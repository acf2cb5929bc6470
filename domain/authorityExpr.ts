/**
 * Spec 000 §6: one code, codes joined with | (any suffices) or with & (all required).
 * An empty expression denies. Shared by the console's checks and the server's route guard.
 */
export function satisfies(granted: ReadonlySet<string>, expression: string): boolean {
  const expr = expression.trim();
  if (!expr) return false;
  if (expr.includes('|')) return expr.split('|').some((c) => satisfies(granted, c));
  if (expr.includes('&')) return expr.split('&').every((c) => satisfies(granted, c));
  return granted.has(expr);
}
