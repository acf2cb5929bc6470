import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../domain/resources/contract.js';
import type { Ctx } from '../resources/engine.js';

/**
 * The print view's only script. The console opens print views as blob: pages, which inherit the
 * console's policy too, so that policy allows exactly this script by its hash (securityHeaders.ts).
 */
export const PRINT_SCRIPT = `document.getElementById('print').addEventListener('click',function(){window.print()});`;

/** The print view: a standalone page, scripts allowed only with this response's nonce. */
export function printPage(title: string, orgName: string, body: string) {
  const nonce = randomBytes(12).toString('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; script-src 'nonce-${nonce}'`;
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:"Noto Serif CJK SC","Songti SC","SimSun",serif;margin:0;background:#eef0f2;color:#111}
.bar{position:sticky;top:0;display:flex;gap:12px;align-items:center;justify-content:space-between;padding:10px 24px;background:#30404d;color:#fff;font-family:sans-serif}
.bar button{font-size:14px;padding:6px 18px;border:0;border-radius:3px;background:#2d72d2;color:#fff;cursor:pointer}
.sheet{box-sizing:border-box;width:210mm;min-height:297mm;margin:16px auto;padding:20mm 18mm;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.2);line-height:1.9;font-size:15px}
.sheet h1,.sheet h2{text-align:center}
.org{text-align:right;color:#555;font-size:13px;border-bottom:1px solid #999;margin-bottom:12px}
table.form-values{width:100%;border-collapse:collapse}table.form-values th,table.form-values td{border:1px solid #555;padding:4px 8px;text-align:left}
table.form-values th{width:30%;background:#f5f5f5}
table.report{width:100%;border-collapse:collapse;font-size:12px;line-height:1.5}table.report th,table.report td{border:1px solid #555;padding:3px 6px}
table.report th{background:#f5f5f5;white-space:nowrap}table.report td.num{text-align:right;white-space:nowrap}table.report thead{display:table-header-group}table.report tr{break-inside:avoid}
table.report tfoot td{font-weight:bold}.report-head,.report-foot{display:flex;gap:24px;justify-content:space-between;font-size:13px;margin:4px 0}
.amount-words{font-weight:bold;margin:2px 0}
table.lines{width:100%;border-collapse:collapse;margin:8px 0;line-height:1.6}table.lines th,table.lines td{border:1px solid #555;padding:4px 8px;text-align:left}
table.lines th{background:#f5f5f5;white-space:nowrap;font-weight:bold}table.lines .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
table.lines tfoot th,table.lines tfoot td{font-weight:bold}table.lines thead{display:table-header-group}table.lines tr{break-inside:avoid}
.paper+.paper{break-before:page;margin-top:28px;border-top:1px dashed #999;padding-top:12px}
.signatures{display:flex;flex-wrap:wrap;gap:16px 28px;margin:40px 0 8px;break-inside:avoid}.signatures .sign{flex:1 1 auto;display:flex;align-items:flex-end;white-space:nowrap}
.signatures .sign-line{flex:1;border-bottom:1px solid #111;min-width:24mm;height:1.6em;margin-left:4px}
.opinion{border:1px solid #555;padding:6px 10px;min-height:6em;white-space:pre-wrap}
@page{size:A4;margin:18mm}
@media print{body{background:#fff}.bar{display:none}.sheet{width:auto;min-height:0;margin:0;padding:0;box-shadow:none}}
</style></head><body>
<div class="bar"><span>${escapeHtml(title)}</span><button type="button" id="print">打印</button></div>
<div class="sheet"><div class="org">${escapeHtml(orgName)}</div>${body}</div>
<script nonce="${nonce}">${PRINT_SCRIPT}</script>
</body></html>`;
  return { html, csp };
}

/** The user's institution as its printed papers name it. */
export async function orgNameOf(ctx: Pick<Ctx, 'db' | 'user'>) {
  const org = await ctx.db
    .selectFrom('org')
    .select('orgName')
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  return org?.orgName ?? '';
}

/**
 * Sends a print view headed by the user's institution, inline (the console opens it in a new window
 * as a blob page), with the page's Content-Security-Policy as a header too and a file name for 另存为.
 */
export async function sendPrintPage(
  ctx: Pick<Ctx, 'db' | 'user' | 'reply'>,
  page: { title: string; body: string; fileName: string },
) {
  const { html, csp } = printPage(page.title, await orgNameOf(ctx), page.body);
  ctx.reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(page.fileName)}`)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * Lines to sign on a printed paper, side by side at its foot: 经办人（签字）＿＿＿ 交款人（签字）＿＿＿.
 * Each is a label and an empty ruled space a pen fills in.
 */
export function signatureLines(labels: readonly string[]) {
  return `<div class="signatures">${labels
    .map((l) => `<div class="sign"><span>${escapeHtml(l)}：</span><span class="sign-line"></span></div>`)
    .join('')}</div>`;
}
