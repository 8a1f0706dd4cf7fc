// The hosted payment page as one HTML string: the "ShopRadar Sandbox Gateway" heading and its
// test-only notice, a QR code first for QR methods, the payment's details, and while it is open
// the three outcomes as plain HTML forms (no script: the page works without JavaScript, so the
// site's Content-Security-Policy needs nothing more; its style-src allows this inline <style>).
// Once final: the state and a link back to the merchant. Every value is escaped.
import type { SandboxPayment } from "../services/payments";
import { isFinal, isSitePath, PAYER_ACTIONS, type PayerAction } from "../services/payments";
import { escapeHtml, formatAmount } from "./html";
import { qrSvg } from "./qr-svg";
import { PAYMENT_METHOD_NAMES } from "../../../../contract/commerce";
import { PAGE_STRINGS as S, STATE_NAMES } from "./strings";

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
button,.return{display:block;width:100%;min-height:3rem;padding:.75rem 1rem;border:0;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.approve{background:#1a7f37;color:#fff}
.decline{background:#cf222e;color:#fff}
.expire{background:#fff;color:#1b1f24;border:1px solid #8c959f}
.return{background:#0969da;color:#fff}
button:focus-visible,.return:focus-visible{outline:3px solid #0550ae;outline-offset:2px}
`;

const BUTTON_TEXT: Readonly<Record<PayerAction, string>> = {
  approve: S.approve,
  decline: S.decline,
  expire: S.expire,
};

export interface PageView {
  payment: SandboxPayment;
  /** Whether the payment's method is a QR method (its code is shown first). */
  qr: boolean;
  /** The text of its QR code. */
  qrPayload: string;
  /** Where each form posts: the action's path. */
  actionPath: (action: PayerAction) => string;
}

function document(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

const header = () => `<h1>${escapeHtml(S.title)}</h1><p class="notice" role="note">${escapeHtml(S.testNotice)}</p>`;

function details(payment: SandboxPayment): string {
  const method = PAYMENT_METHOD_NAMES[payment.method] ?? payment.method;
  const rows: Array<[string, string]> = [
    [S.merchant, escapeHtml(S.merchantName)],
    [S.amount, `<span class="amount">${escapeHtml(formatAmount(payment.amountMinor, payment.currency))}</span>`],
    [S.method, escapeHtml(method)],
    [S.reference, escapeHtml(payment.reference)],
    [S.description, escapeHtml(payment.description)],
    [
      S.state,
      `<span id="payment-state" data-state="${escapeHtml(payment.status)}">${escapeHtml(STATE_NAMES[payment.status] ?? payment.status)}</span>`,
    ],
  ];
  const list = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join("");
  return `<section class="card" aria-labelledby="details-heading"><h2 id="details-heading">${escapeHtml(S.detailsLabel)}</h2><dl>${list}</dl></section>`;
}

function actions(view: PageView): string {
  const forms = (Object.keys(PAYER_ACTIONS) as PayerAction[])
    .map(
      (action) =>
        `<form method="post" action="${escapeHtml(view.actionPath(action))}">` +
        `<button type="submit" class="${action}">${escapeHtml(BUTTON_TEXT[action])}</button></form>`,
    )
    .join("");
  return `<section class="actions" aria-labelledby="actions-heading"><h2 id="actions-heading">${escapeHtml(S.actionsLabel)}</h2>${forms}</section>`;
}

function finalPart(payment: SandboxPayment): string {
  const href = isSitePath(payment.returnUrl) ? payment.returnUrl : "/";
  return (
    `<section aria-label="${escapeHtml(S.returnToMerchant)}"><p>${escapeHtml(S.finalNotice)}</p>` +
    `<a class="return" href="${escapeHtml(href)}">${escapeHtml(S.returnToMerchant)}</a></section>`
  );
}

function qrPart(view: PageView): string {
  return (
    `<section class="card qr-box" aria-label="${escapeHtml(S.qrLabel)}">${qrSvg(view.qrPayload, S.qrLabel)}` +
    `<p>${escapeHtml(S.qrHint)}</p></section>`
  );
}

/** The hosted page of a payment. */
export function renderPaymentPage(view: PageView): string {
  const open = !isFinal(view.payment);
  const body = [
    header(),
    open && view.qr ? qrPart(view) : "",
    details(view.payment),
    open ? actions(view) : finalPart(view.payment),
  ].join("");
  return document(S.title, body);
}

/** The page of an unknown payment id (answered with 404). */
export function renderNotFoundPage(): string {
  return document(
    S.notFoundTitle,
    `${header()}<section class="card"><h2>${escapeHtml(S.notFoundTitle)}</h2><p>${escapeHtml(S.notFoundText)}</p></section>`,
  );
}
