// Which checkout methods the payments adapter takes, and which of them renew: a method is
// recurring when its kind can be saved (contract RECURRING_METHOD_KINDS: cards, e-wallets) and
// the adapter can save it (its recurringMethods; null = every method). Alipay CN (zh edition)
// is not a checkout method but takes mandates.
import { ALIPAY_CN_METHOD, RECURRING_METHOD_KINDS, type PaymentMethodKind } from "../../../../contract/commerce";
import type { PaymentsAdapter } from "../../../adapters/payments/payments-adapter";
import type { PaymentMethod } from "../offer/payment-methods";

type AdapterMethods = Pick<PaymentsAdapter, "methods" | "recurringMethods">;

export const adapterTakes = (adapter: AdapterMethods | null, methodId: string): boolean =>
  adapter === null || adapter.methods === null || adapter.methods.has(methodId);

export function isRecurring(adapter: AdapterMethods | null, method: Pick<PaymentMethod, "id" | "kind">): boolean {
  if (!adapter || !adapterTakes(adapter, method.id)) return false;
  if (!(RECURRING_METHOD_KINDS as readonly PaymentMethodKind[]).includes(method.kind)) return false;
  return adapter.recurringMethods === null || adapter.recurringMethods.has(method.id);
}

/** The checkout method with that id as a recurring method, or Alipay CN; null when it does not renew. */
export function recurringMethodOf(
  adapter: AdapterMethods | null,
  methods: readonly PaymentMethod[],
  methodId: string,
): Pick<PaymentMethod, "id" | "kind"> | null {
  const method =
    methodId === ALIPAY_CN_METHOD
      ? { id: ALIPAY_CN_METHOD, kind: "wallet" as const }
      : methods.find((entry) => entry.id === methodId);
  return method && isRecurring(adapter, method) ? method : null;
}
