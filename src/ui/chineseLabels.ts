/**
 * Blueprint writes a few accessible names in English into its markup (a dialog's or toast's close
 * button is "Close", a spinner "loading", a numeric input's arrows "increment" / "decrement"), with
 * no prop to change them. A screen reader in a Chinese console should read Chinese: this observer
 * renames them as they appear. Only Blueprint's own elements (class `bp6-…`) with exactly these
 * names are touched.
 */
export const blueprintNames: Readonly<Record<string, string>> = {
  Close: '关闭',
  Back: '返回',
  'Remove tag': '移除标签',
  loading: '加载中',
  increment: '增加',
  decrement: '减少',
};

const selector = Object.keys(blueprintNames)
  .map((name) => `[class*="bp6-"][aria-label="${name}"]`)
  .join(',');

function renameOne(el: Element) {
  const chinese = blueprintNames[el.getAttribute('aria-label') ?? ''];
  if (chinese) el.setAttribute('aria-label', chinese);
}

/** The element and everything inside it: work in proportion to what was added, not to the page. */
function rename(root: Element) {
  if (root.matches(selector)) renameOne(root);
  for (const el of root.querySelectorAll(selector)) renameOne(el);
}

/** Renames what is there and whatever comes later; returns the way to stop. */
export function installChineseLabels(doc: Document = document): () => void {
  rename(doc.body);
  const observer = new MutationObserver((records) => {
    for (const record of records)
      if (record.type === 'attributes') {
        if (record.target instanceof Element && record.target.matches(selector)) renameOne(record.target);
      } else for (const node of record.addedNodes) if (node instanceof Element) rename(node);
  });
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
  return () => observer.disconnect();
}
