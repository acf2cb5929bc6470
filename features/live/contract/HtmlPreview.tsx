import { NonIdealState } from '@blueprintjs/core';

/**
 * A rendered contract or document. The iframe is sandboxed without permissions: the template's
 * HTML is written by staff and cannot run scripts or reach the console's session.
 */
export function HtmlPreview({ html, title, empty }: { html: string; title: string; empty?: string }) {
  if (!html) return <NonIdealState icon="document" description={empty ?? '暂无内容'} />;
  const page = `<!doctype html><meta charset="utf-8"><style>body{font-family:serif;line-height:1.8;padding:8px 16px;color:#111}h1,h2{text-align:center}table{border-collapse:collapse;width:100%}th,td{border:1px solid #888;padding:4px 8px;text-align:left}</style>${html}`;
  return (
    <iframe
      className="contract-preview-frame"
      title={title}
      sandbox=""
      srcDoc={page}
      data-testid="contract-preview"
    />
  );
}
