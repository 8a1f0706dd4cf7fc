// The hosted payment page as one HTML string: the "ShopRadar Sandbox Gateway" heading and its
// test-only notice, a QR code first for QR methods, the payment's details, and while it is open
// the three outcomes as plain HTML forms. A payment that saves its method adds to the approving
// form the test-card fields (a card) or the mandate it grants (a wallet). Once final: the state,
// the method it saved, and a link back to the merchant. Every value is escaped.
import type { SandboxMethod } from "../services/methods";
import { isSitePath } from "../../../lib/site-path";
import { isFinal, PAYER_ACTIONS, type PayerAction, type SandboxPayment } from "../services/payments";
import { cardFields, mandateNotice, type CardFieldsView } from "./card-form";
import { escapeHtml, formatAmount } from "./html";
import { buttonForm, detailsCard, documentOf, header, returnPart } from "./layout";
import { methodLabel } from "./method-pages";
import { qrSvg } from "./qr-svg";
import { methodName, PAGE_STRINGS as S, STATE_NAMES } from "./strings";

export { renderNotFoundPage } from "./layout";

const BUTTON_TEXT: Readonly<Record<PayerAction, string>> = {
  approve: S.approve,
  decline: S.decline,
  expire: S.expire,
};

/** What approving saves: a card entered in the form, a wallet mandate, or nothing. */
export type SavingView = { kind: "card"; fields: CardFieldsView } | { kind: "wallet" } | null;

export interface PageView {
  payment: SandboxPayment;
  /** Whether the payment's method is a QR method (its code is shown first). */
  qr: boolean;
  /** The text of its QR code. */
  qrPayload: string;
  /** Where each form posts: the action's path. */
  actionPath: (action: PayerAction) => string;
  saving: SavingView;
  /** The method an approved payment saved, with the path of its page. */
  savedMethod: { method: SandboxMethod; path: string } | null;
}

function details(view: PageView): string {
  const { payment } = view;
  const rows: Array<[string, string]> = [
    [S.merchant, escapeHtml(S.merchantName)],
    [S.amount, `<span class="amount">${escapeHtml(formatAmount(payment.amountMinor, payment.currency))}</span>`],
    [S.method, escapeHtml(methodName(payment.method))],
    [S.reference, escapeHtml(payment.reference)],
    [S.description, escapeHtml(payment.description)],
    [
      S.state,
      `<span id="payment-state" data-state="${escapeHtml(payment.status)}">${escapeHtml(STATE_NAMES[payment.status] ?? payment.status)}</span>`,
    ],
  ];
  if (view.savedMethod) {
    const { method, path } = view.savedMethod;
    rows.push([S.savedMethod, `<a href="${escapeHtml(path)}">${escapeHtml(methodLabel(method))}</a>`]);
  }
  return detailsCard("details-heading", S.detailsLabel, rows);
}

function actions(view: PageView): string {
  const { saving } = view;
  const forms = (Object.keys(PAYER_ACTIONS) as PayerAction[])
    .map((action) => {
      const fields = action === "approve" && saving?.kind === "card" ? cardFields(saving.fields) : "";
      return buttonForm(view.actionPath(action), action, BUTTON_TEXT[action], fields);
    })
    .join("");
  const mandate = saving?.kind === "wallet" ? mandateNotice(methodName(view.payment.method)) : "";
  return `<section class="actions" aria-labelledby="actions-heading"><h2 id="actions-heading">${escapeHtml(S.actionsLabel)}</h2>${mandate}${forms}</section>`;
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
  const returnUrl = isSitePath(view.payment.returnUrl) ? view.payment.returnUrl : "/";
  const body = [
    header(),
    open && view.qr ? qrPart(view) : "",
    details(view),
    open ? actions(view) : returnPart(S.finalNotice, returnUrl),
  ].join("");
  return documentOf(S.title, body);
}
