import { Alert, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The delete confirmation of the settings lists: open while there is an item, 删除 or 取消. */
export function ConfirmDelete<T>({
  item,
  onClose,
  onConfirm,
  children,
}: {
  item: T | null;
  onClose(): void;
  onConfirm(item: T): void;
  children: ReactNode;
}) {
  return (
    <Alert
      isOpen={item !== null}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText="删除"
      cancelButtonText="取消"
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null) onConfirm(item);
        onClose();
      }}
    >
      {children}
    </Alert>
  );
}
