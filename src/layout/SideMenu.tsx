import { Icon, type IconName } from '@blueprintjs/core';
import { useState } from 'react';
import type { DisplayMenu } from '../menu/menus.js';

interface Props {
  menus: DisplayMenu[];
  activePath: string;
  collapsed: boolean;
  onOpen(menu: DisplayMenu): void;
}

/** The side menu: up to three levels, groups fold open on click. */
export function SideMenu({ menus, activePath, collapsed, onOpen }: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const render = (items: DisplayMenu[], depth: number) => (
    <ul className={`side-menu-level level-${depth}`}>
      {items.map((m) => {
        const group = m.children.length > 0;
        const expanded = open.has(m.menuId);
        const active = !group && activePath.split('?')[0] === m.hash;
        return (
          <li key={m.menuId}>
            <button
              type="button"
              className={`side-menu-item${active ? ' active' : ''}`}
              style={{ paddingLeft: collapsed ? 16 : 12 + depth * 16 }}
              title={m.title}
              aria-expanded={group ? expanded : undefined}
              onClick={() => (group ? toggle(m.menuId) : onOpen(m))}
            >
              <Icon icon={(m.icon || 'document') as IconName} size={14} />
              {!collapsed && <span className="side-menu-name">{m.name}</span>}
              {!collapsed && group && (
                <Icon
                  className="side-menu-caret"
                  icon={expanded ? 'chevron-down' : 'chevron-right'}
                  size={12}
                />
              )}
            </button>
            {group && expanded && !collapsed && render(m.children, depth + 1)}
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav className={`side-menu${collapsed ? ' collapsed' : ''}`} data-testid="side-menu" aria-label="菜单">
      {render(menus, 0)}
    </nav>
  );
}
