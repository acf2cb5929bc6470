import { Button, Menu, MenuDivider, MenuItem, Navbar, NavbarGroup, Popover } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { CallboardScreens } from '../../domain/screens.js';
import type { DisplayMenu } from '../menu/menus.js';
import { StaleBanner } from '../realtime/StaleBanner.js';
import { toastsIn } from '../session/createClient.js';
import type { TabState } from '../tabs/tabBar.js';
import { AlarmIndicator } from './AlarmIndicator.js';
import { NotificationBell } from './NotificationBell.js';
import { SideMenu } from './SideMenu.js';
import { TabBar } from './TabBar.js';
import { UrgentBanner } from './UrgentBanner.js';

interface Props {
  systemName: string;
  systemIcon: string;
  empName: string;
  deptName: string;
  menuOpen: boolean;
  menus: DisplayMenu[];
  tabs: TabState;
  activePath: string;
  onOpenMenu(menu: DisplayMenu): void;
  onSelectTab(path: string): void;
  onCloseTab(path: string): void;
  onCloseOthers(path: string): void;
  onCloseAll(): void;
  onSwitchDept(): void;
  /** Opens a page of the user drop-down (个人信息, 版本记录). */
  onOpenPath(path: string): void;
  onLogout(): void;
  children: ReactNode;
}

/** Header, collapsible side menu, tab bar and the current page. */
export function ShellLayout(p: Props) {
  const [collapsed, setCollapsed] = useState(!p.menuOpen);
  return (
    <div className="shell">
      <Navbar className="shell-header">
        <NavbarGroup>
          <Button
            variant="minimal"
            icon={collapsed ? 'menu-open' : 'menu-closed'}
            aria-label="折叠菜单"
            onClick={() => setCollapsed(!collapsed)}
          />
          {/* the launch route (spec 000 §2: /home) */}
          <a className="shell-home" href="#/home" title="返回首页" aria-label={`${p.systemName}，返回首页`}>
            <img className="shell-logo" src={p.systemIcon || '/favicon.svg'} alt="" width={28} height={28} />
            <span className="shell-title">{p.systemName}</span>
          </a>
        </NavbarGroup>
        <NavbarGroup align="right">
          <AlarmIndicator />
          <NotificationBell />
          <span className="shell-dept" title="当前数据部门">
            数据部门：<b data-testid="current-dept">{p.deptName}</b>
          </span>
          <Popover
            placement="bottom-end"
            content={
              <Menu>
                <MenuItem
                  icon="id-number"
                  text="个人信息"
                  onClick={() => p.onOpenPath(CallboardScreens.personal)}
                />
                <MenuItem
                  icon="history"
                  text="版本记录"
                  onClick={() => p.onOpenPath(CallboardScreens.versions)}
                />
                <MenuItem icon="swap-horizontal" text="切换数据部门" onClick={p.onSwitchDept} />
                <MenuDivider />
                <MenuItem icon="log-out" text="退出登录" onClick={p.onLogout} />
              </Menu>
            }
          >
            <Button
              variant="minimal"
              icon="user"
              endIcon="caret-down"
              text={p.empName}
              data-testid="user-menu"
            />
          </Popover>
        </NavbarGroup>
      </Navbar>
      <StaleBanner />
      <UrgentBanner />
      <div className="shell-body">
        <SideMenu menus={p.menus} activePath={p.activePath} collapsed={collapsed} onOpen={p.onOpenMenu} />
        <main className="shell-main" ref={toastsIn}>
          <TabBar
            state={p.tabs}
            onSelect={p.onSelectTab}
            onClose={p.onCloseTab}
            onCloseOthers={p.onCloseOthers}
            onCloseAll={p.onCloseAll}
          />
          <div className="shell-page">{p.children}</div>
        </main>
      </div>
    </div>
  );
}
