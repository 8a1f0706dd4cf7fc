// The saved-method page (/sandbox-gateway/methods/{pm_id}): what the method is (a card's brand,
// last 4 and expiry, or a wallet mandate), whether it is still attached, how its next
// off-session charge will go, and the tester's switch: "Make the next charge fail" or, once on,
// "Charges succeed again". And the customer page (/sandbox-gateway/customers/{cus_id}) listing
// the customer's methods with links to theirs. Plain HTML, every value escaped.
import type { SandboxCustomer } from "../services/customers";
import type { SandboxMethod } from "../services/methods";
import { escapeHtml } from "./html";
import { buttonForm, detailsCard, documentOf, header } from "./layout";
import { BRAND_NAMES, METHOD_STRINGS as S, methodName, PAGE_STRINGS } from "./strings";

/** "Visa ending in 4242", or the wallet's name ("GCash mandate"). */
export function methodLabel(method: SandboxMethod): string {
  if (method.kind === "card") {
    const brand = BRAND_NAMES[method.brand ?? ""] ?? method.brand ?? "Card";
    return `${brand} ending in ${method.last4 ?? "????"}`;
  }
  return `${methodName(method.method)} mandate`;
}

const expiryOf = (method: SandboxMethod) =>
  method.expMonth === null || method.expYear === null
    ? null
    : `${String(method.expMonth).padStart(2, "0")}/${method.expYear}`;

function nextChargeText(method: SandboxMethod): string {
  if (method.detachedAt !== null) return S.detached;
  if (method.alwaysDecline) return S.alwaysDeclines;
  return method.failNextCharge ? S.failsNext : S.succeeds;
}

export interface MethodPageView {
  method: SandboxMethod;
  customerPath: string;
  /** Where the switch posts: on (fail-next) or off (succeed). */
  switchPath: (failNext: boolean) => string;
}

export function renderMethodPage({ method, customerPath, switchPath }: MethodPageView): string {
  const expiry = expiryOf(method);
  const rows: Array<readonly [string, string]> = [
    [S.kind, escapeHtml(method.kind === "card" ? S.cardKind : S.walletKind)],
    [PAGE_STRINGS.method, `<span id="method-label">${escapeHtml(methodLabel(method))}</span>`],
    ...(expiry ? [[S.expires, escapeHtml(expiry)] as const] : []),
    [S.customer, `<a href="${escapeHtml(customerPath)}">${escapeHtml(method.customerId)}</a>`],
    [S.status, escapeHtml(method.detachedAt === null ? S.active : S.detached)],
    [
      S.nextCharge,
      `<span id="next-charge" data-fail-next="${method.failNextCharge}">${escapeHtml(nextChargeText(method))}</span>`,
    ],
  ];
  const toggle =
    method.detachedAt !== null
      ? ""
      : method.failNextCharge
        ? buttonForm(switchPath(false), "approve", S.succeedAgain)
        : buttonForm(switchPath(true), "decline", S.makeFail);
  const body = `${header()}${detailsCard("method-heading", S.heading, rows)}<section class="actions">${toggle}</section>`;
  return documentOf(`${S.heading}: ${methodLabel(method)}`, body);
}

export interface CustomerPageView {
  customer: SandboxCustomer;
  methods: readonly SandboxMethod[];
  methodPath: (methodId: string) => string;
}

export function renderCustomerPage({ customer, methods, methodPath }: CustomerPageView): string {
  const details = detailsCard("customer-heading", S.customerHeading, [
    [S.customer, escapeHtml(customer.id)],
    [S.customerReference, escapeHtml(customer.reference)],
  ]);
  const items = methods
    .map((method) => {
      const state = method.detachedAt === null ? "" : ` (${escapeHtml(S.detached)})`;
      return `<li><a href="${escapeHtml(methodPath(method.id))}">${escapeHtml(methodLabel(method))}</a>${state}</li>`;
    })
    .join("");
  const list = items === "" ? `<p>${escapeHtml(S.noMethods)}</p>` : `<ul class="methods">${items}</ul>`;
  const section = `<section class="card" aria-labelledby="methods-heading"><h2 id="methods-heading">${escapeHtml(S.methodsLabel)}</h2>${list}</section>`;
  return documentOf(`${S.customerHeading} ${customer.id}`, `${header()}${details}${section}`);
}
