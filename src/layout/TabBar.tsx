import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { TabState } from '../tabs/tabBar.js';

interface Props {
  state: TabState;
  onSelect(path: string): void;
  onClose(path: string): void;
  onCloseOthers(path: string): void;
  onCloseAll(): void;
}

/** Open tabs; the active one highlighted; close one, the others or all. */
export function TabBar({ state, onSelect, onClose, onCloseOthers, onCloseAll }: Props) {
  return (
    <div className="tabbar" data-testid="tabbar">
      {/* links between open pages, not a tablist: each holds a close button, and the page is no tabpanel */}
      <nav className="tabbar-tabs" aria-label="已打开的页面">
        {state.tabs.map((t) => {
          const active = t.path === state.active;
          return (
            <div
              key={t.path}
              className={`tabbar-tab${active ? ' active' : ''}`}
              data-testid="tab"
              data-path={t.path}
              data-active={active ? 'true' : 'false'}
            >
              <button
                type="button"
                className="tabbar-title"
                aria-current={active ? 'page' : undefined}
                onClick={() => onSelect(t.path)}
              >
                {t.title}
              </button>
              <Button
                variant="minimal"
                size="small"
                icon="small-cross"
                aria-label={`关闭${t.title}`}
                onClick={() => onClose(t.path)}
              />
            </div>
          );
        })}
      </nav>
      {state.tabs.length > 0 && (
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem
                icon="cross"
                text="关闭其他"
                disabled={!state.active}
                onClick={() => state.active && onCloseOthers(state.active)}
              />
              <MenuItem icon="delete" text="关闭全部" onClick={onCloseAll} />
            </Menu>
          }
        >
          <Button variant="minimal" icon="more" aria-label="页签操作" />
        </Popover>
      )}
    </div>
  );
}
