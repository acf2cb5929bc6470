import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useAuthority } from './authorityStore.js';

/**
 * Spec 000 §6: without the authority an element is either removed or shown disabled and grey.
 * The server refuses the call anyway; this only spares the user a button that cannot work.
 */
export function Authorized({
  code,
  mode = 'remove',
  children,
}: {
  code: string;
  mode?: 'remove' | 'disable';
  children: ReactNode;
}) {
  const allowed = useAuthority(code);
  if (allowed) return <>{children}</>;
  if (mode === 'remove') return null;
  const child = isValidElement(children)
    ? cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true })
    : children;
  return (
    <span className="auth-disabled" aria-disabled="true" title="无权限">
      {child}
    </span>
  );
}
