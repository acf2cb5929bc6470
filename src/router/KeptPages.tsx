import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { PageContext, type PageInfo } from './page.js';

export interface KeptPage {
  info: PageInfo;
  element: ReactNode;
}

/**
 * Renders every kept page into a node of its own; only the active page's node is in the
 * document. A hidden page keeps its React state (a half-filled form, a list's filters) while its
 * DOM is parked outside the document, so nothing of it can be seen, focused or found.
 */
export function KeptPages({ pages }: { pages: readonly KeptPage[] }) {
  const host = useRef<HTMLDivElement | null>(null);
  const nodes = useRef(new Map<string, HTMLDivElement>());
  const nodeOf = (key: string) => {
    let node = nodes.current.get(key);
    if (!node) {
      node = document.createElement('div');
      node.className = 'kept-page';
      nodes.current.set(key, node);
    }
    return node;
  };
  const active = pages.find((p) => p.info.active);
  // The active page's node is in the document before its components' effects run (they measure).
  if (active && host.current) {
    const node = nodeOf(active.info.key);
    if (node.parentNode !== host.current) host.current.appendChild(node);
  }
  const activeKey = useRef<string | null>(null);
  activeKey.current = active?.info.key ?? null;
  const attach = useCallback((el: HTMLDivElement | null) => {
    host.current = el;
    const node = activeKey.current ? nodes.current.get(activeKey.current) : undefined;
    if (el && node) el.appendChild(node);
  }, []);

  useLayoutEffect(() => {
    const keys = new Set(pages.map((p) => p.info.key));
    for (const [key, node] of nodes.current) {
      if (!keys.has(key)) {
        node.remove();
        nodes.current.delete(key);
      } else if (key !== activeKey.current) node.remove();
    }
  });

  return (
    <>
      <div className="kept-pages" ref={attach} data-testid="kept-pages" />
      {pages.map((p) =>
        createPortal(
          <PageContext.Provider value={p.info}>
            {/* WCAG 1.3.1/2.4.6: each page's one main heading; the active tab already shows it */}
            <h1 className="visually-hidden">{p.info.title}</h1>
            {p.element}
          </PageContext.Provider>,
          nodeOf(p.info.key),
          p.info.key,
        ),
      )}
    </>
  );
}
