import { Tab, Tabs } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface Props<T extends string> {
  id: string;
  tabs: readonly { id: NoInfer<T>; title: string }[];
  selected: T;
  onChange(id: NoInfer<T>): void;
  className?: string;
  /** The selected tab's view. */
  children: ReactNode;
}

/**
 * Tabs that switch the view below them. The view is the selected tab's panel, so each tab's
 * aria-controls names an element on the page (WCAG 4.1.2; a bare Blueprint Tab without a panel
 * points at nothing).
 */
export function ViewTabs<T extends string>({ id, tabs, selected, onChange, className, children }: Props<T>) {
  return (
    <Tabs
      id={id}
      className={className}
      selectedTabId={selected}
      onChange={(next) => onChange(next as T)}
      renderActiveTabPanelOnly
    >
      {tabs.map((t) => (
        <Tab
          key={t.id}
          id={t.id}
          title={t.title}
          panel={() => <>{children}</>}
          panelClassName="view-tabs-panel"
        />
      ))}
    </Tabs>
  );
}
