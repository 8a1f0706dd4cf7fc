// The setup page (/sandbox-gateway/setup/{id}): saving a card (the test-card fields, "Save card"
// and "Cancel") or authorising an e-wallet mandate ("Authorise automatic renewals with ...",
// "Authorise mandate" and "Decline"). Once closed: its state, the method it saved, and the link
// back to the merchant (the return URL with setup_id). Plain HTML, every value escaped.
import type { SandboxMethod } from "../services/methods";
import type { SandboxSetup, SetupAction } from "../services/setups";
import { cardFields, mandateNotice, type CardFieldsView } from "./card-form";
import { escapeHtml } from "./html";
import { buttonForm, detailsCard, documentOf, header, returnPart } from "./layout";
import { methodLabel } from "./method-pages";
import { methodName, PAGE_STRINGS, SETUP_STATE_NAMES, SETUP_STRINGS as S } from "./strings";

export interface SetupPageView {
  setup: SandboxSetup;
  /** The card fields' values (card setups). */
  fields: CardFieldsView;
  actionPath: (action: SetupAction) => string;
  /** Where the browser goes back (the return URL with setup_id). */
  returnUrl: string;
  savedMethod: { method: SandboxMethod; path: string } | null;
}

function details(view: SetupPageView): string {
  const { setup } = view;
  const rows: Array<readonly [string, string]> = [
    [PAGE_STRINGS.merchant, escapeHtml(PAGE_STRINGS.merchantName)],
    [PAGE_STRINGS.method, escapeHtml(methodName(setup.method))],
    [S.customer, escapeHtml(setup.customerId)],
    [
      PAGE_STRINGS.state,
      `<span id="setup-state" data-state="${escapeHtml(setup.status)}">${escapeHtml(SETUP_STATE_NAMES[setup.status] ?? setup.status)}</span>`,
    ],
  ];
  if (view.savedMethod) {
    const { method, path } = view.savedMethod;
    rows.push([PAGE_STRINGS.savedMethod, `<a href="${escapeHtml(path)}">${escapeHtml(methodLabel(method))}</a>`]);
  }
  return detailsCard("details-heading", S.detailsLabel, rows);
}

function actions(view: SetupPageView): string {
  const card = view.setup.kind === "card";
  const approve = card
    ? buttonForm(view.actionPath("approve"), "approve", S.saveCard, cardFields(view.fields))
    : buttonForm(view.actionPath("approve"), "approve", S.authorise);
  const decline = buttonForm(view.actionPath("decline"), card ? "expire" : "decline", card ? S.cancel : S.decline);
  const mandate = card ? "" : mandateNotice(methodName(view.setup.method));
  return `<section class="actions" aria-label="${escapeHtml(card ? S.cardHeading : S.walletHeading)}">${mandate}${approve}${decline}</section>`;
}

export function renderSetupPage(view: SetupPageView): string {
  const heading = view.setup.kind === "card" ? S.cardHeading : S.walletHeading;
  const open = view.setup.status === "requires_action";
  const body = [
    header(),
    `<h2>${escapeHtml(heading)}</h2>`,
    details(view),
    open ? actions(view) : returnPart(S.finalNotice, view.returnUrl),
  ].join("");
  return documentOf(`${heading} - ${PAGE_STRINGS.title}`, body);
}
