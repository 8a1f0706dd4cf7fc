// The frame every hosted page of the sandbox gateway shares: the HTML document with its one
// <style> (no script: the pages work without JavaScript, so the site's Content-Security-Policy
// needs nothing more; its style-src allows this inline <style>), the "ShopRadar Sandbox Gateway"
// heading with its test-only notice, and the small parts the pages repeat (a details list, a
// one-button form, the way back, the 404 page). Every value is escaped.
import { escapeHtml } from "./html";
import { PAGE_STRINGS as S } from "./strings";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem}
h1{font-size:1.375rem;margin:0 0 .75rem}
h2{font-size:1rem;margin:1.25rem 0 .5rem}
.notice{margin:0 0 1rem;padding:.625rem .75rem;border-radius:.5rem;background:#fff4d6;border:1px solid #e8c35a;font-weight:600}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.card h2{margin-top:0}
.qr-box{text-align:center}
.qr{max-width:100%;height:auto}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.375rem 1rem;margin:0}
dt{color:#57606a}
dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.25rem;font-weight:700}
.actions form{margin:0 0 .75rem}
fieldset{border:1px solid #d0d7de;border-radius:.5rem;margin:0 0 .75rem;padding:.75rem;background:#fff}
legend{font-weight:600;padding:0 .25rem}
label{display:block;margin:.5rem 0 .25rem}
input[type=text]{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #8c959f;border-radius:.375rem;font:inherit}
label.check{display:flex;gap:.5rem;align-items:flex-start}
input[type=checkbox]{width:1.25rem;height:1.25rem;margin:.15rem 0 0}
.hint{margin:0;color:#57606a;font-size:.875rem}
.error{margin:0 0 .75rem;padding:.625rem .75rem;border-radius:.5rem;background:#ffebe9;border:1px solid #cf222e;color:#82071e;font-weight:600}
.mandate{font-weight:600}
ul.methods{padding-left:1.25rem;margin:0}
button,.return{display:block;width:100%;min-height:3rem;padding:.75rem 1rem;border:0;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.approve{background:#1a7f37;color:#fff}
.decline{background:#cf222e;color:#fff}
.expire{background:#fff;color:#1b1f24;border:1px solid #8c959f}
.return{background:#0969da;color:#fff}
button:focus-visible,.return:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #0550ae;outline-offset:2px}
`;

export function documentOf(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

export const header = (): string =>
  `<h1>${escapeHtml(S.title)}</h1><p class="notice" role="note">${escapeHtml(S.testNotice)}</p>`;

/** A titled card with a definition list; values are HTML already escaped by the caller. */
export function detailsCard(id: string, title: string, rows: ReadonlyArray<readonly [string, string]>): string {
  const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join("");
  return `<section class="card" aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(title)}</h2><dl>${list}</dl></section>`;
}

/** A form posting to `action` with one submit button (and optional fields before it). */
export function buttonForm(action: string, buttonClass: string, text: string, fields = ""): string {
  return (
    `<form method="post" action="${escapeHtml(action)}">${fields}` +
    `<button type="submit" class="${buttonClass}">${escapeHtml(text)}</button></form>`
  );
}

/** A final record's notice and the link back to the merchant. */
export function returnPart(notice: string, href: string): string {
  return (
    `<section aria-label="${escapeHtml(S.returnToMerchant)}"><p>${escapeHtml(notice)}</p>` +
    `<a class="return" href="${escapeHtml(href)}">${escapeHtml(S.returnToMerchant)}</a></section>`
  );
}

/** The page of an unknown id (answered with 404). */
export function renderNotFoundPage(title: string = S.notFoundTitle, text: string = S.notFoundText): string {
  return documentOf(
    title,
    `${header()}<section class="card"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></section>`,
  );
}
