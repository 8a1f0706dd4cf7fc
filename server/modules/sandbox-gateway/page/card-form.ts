// The test-card fields of the hosted pages (a payment that saves its card, a card setup): card
// number prefilled with 4242 4242 4242 4242, expiry prefilled with a future date, CVC, and the
// "fail the next charge" checkbox; after a refused post, the message and what was typed (never
// the CVC). Plain inputs inside the form of the approving button: no script.
import { escapeHtml } from "./html";
import { CARD_FORM_STRINGS as S, mandateText } from "./strings";

/** What the fields show: the prefilled values, or what the payer typed before a refused post. */
export interface CardFieldsView {
  cardNumber: string;
  expiry: string;
  failNext: boolean;
  /** Why the last post was refused; null on the first visit. */
  error: string | null;
}

const textInput = (id: string, name: string, label: string, value: string, maxLength: number, numeric: boolean) =>
  `<label for="${id}">${escapeHtml(label)}</label>` +
  `<input type="text" id="${id}" name="${name}" value="${escapeHtml(value)}" maxlength="${maxLength}"` +
  `${numeric ? ' inputmode="numeric"' : ""} autocomplete="off" spellcheck="false">`;

export function cardFields(view: CardFieldsView): string {
  const error = view.error === null ? "" : `<p class="error" role="alert">${escapeHtml(view.error)}</p>`;
  return (
    `${error}<fieldset><legend>${escapeHtml(S.legend)}</legend><p class="hint">${escapeHtml(S.hint)}</p>` +
    textInput("card-number", "card_number", S.cardNumber, view.cardNumber, 23, true) +
    textInput("card-expiry", "expiry", S.expiry, view.expiry, 7, false) +
    textInput("card-cvc", "cvc", S.cvc, "", 4, true) +
    `<label class="check"><input type="checkbox" name="fail_next" value="1"${view.failNext ? " checked" : ""}>` +
    `<span>${escapeHtml(S.failNext)}</span></label></fieldset>`
  );
}

/** The mandate a wallet approval grants, said before its button. */
export const mandateNotice = (walletName: string): string =>
  `<p class="mandate">${escapeHtml(mandateText(walletName))}</p>`;
