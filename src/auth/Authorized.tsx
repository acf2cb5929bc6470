import { Tooltip } from '@blueprintjs/core';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { authorityNames, useAuthority } from './authorityStore.js';

/** Why a greyed element cannot be used: the authority it needs, by its Chinese name. */
export const missingAuthorityText = (code: string) => `无权限：需要「${authorityNames.of(code)}」权限`;

/**
 * Spec 000 §6: without the authority an element is either removed or shown disabled and grey.
 * The server refuses the call anyway; this only spares the user a button that cannot work. A greyed
 * element says why on hover: the authority it needs (issue #37 point 8).
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
    <Tooltip content={missingAuthorityText(code)} placement="top">
      <span className="auth-disabled" aria-disabled="true" data-testid="auth-disabled">
        {child}
      </span>
    </Tooltip>
  );
}
