import { createContext, useContext } from 'react';
import type { ScreenDef } from '../../domain/module.js';

/**
 * The page a component is part of. Tabs stay mounted while hidden (src/router/KeptPages.tsx), so
 * a page reads its own address here, never the window's: a hidden detail page keeps its query.
 */
export interface PageInfo {
  /** The page's address: the path with its query sorted (the tab key, spec 000 §2). */
  key: string;
  /** The screen's own path (without a trailing menuId). */
  path: string;
  query: Readonly<Record<string, string>>;
  /** The trailing number of the address (spec 000 §2 menuId; tempeleteDocument/{typeId}). */
  menuId: string | null;
  screen: ScreenDef | null;
  /** The page's main heading: its tab's title (the menu entry's name, else the screen's title). */
  title: string;
  /** Whether the page is the one on screen. */
  active: boolean;
}

const none: PageInfo = { key: '', path: '', query: {}, menuId: null, screen: null, title: '', active: true };

export const PageContext = createContext<PageInfo>(none);

/** The page this component is rendered in. */
export const usePage = (): PageInfo => useContext(PageContext);
