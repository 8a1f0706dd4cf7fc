// The steps of paying that several commerce screens share: sending the browser to the
// gateway's payment (or card setup) page, cancelling an open order by its state, and what the
// app refreshes once a plan is bought.
import { cancelOrder, comboStatus, startPayment, type Order } from "../../api/commerce";
import { clearUserDataCaches } from "../../lib/sw-messages";
import { refreshCurrentCombo } from "../../state/activity";
import { systemState } from "../../state/system";

/** Only http(s) addresses are followed (the gateway's hosted page; never a javascript: URL). */
export function safeRedirect(url: string, base: string): string | null {
  try {
    const target = new URL(url, base);
    return target.protocol === "https:" || target.protocol === "http:" ? target.href : null;
  } catch {
    return null;
  }
}

/** Sends the browser to the gateway's page (a payment's or a card setup's `redirect_url`). */
export function goToGateway(redirectUrl: string): void {
  const target = safeRedirect(redirectUrl, window.location.href);
  if (!target) throw new Error("the gateway's answer has no usable redirect_url");
  window.location.assign(target);
}

/** Starts a payment for the order and sends the browser to the gateway's page. */
export async function payAndRedirect(subscriptionNo: string): Promise<void> {
  goToGateway((await startPayment(subscriptionNo)).redirectUrl);
}

/** Cancels an open order with the call its state takes (non-pay for unpaid, in-pay otherwise). */
export async function cancelOpenOrder(subscriptionNo: string, known?: Order): Promise<Order> {
  const order = known ?? (await comboStatus(subscriptionNo));
  return cancelOrder(order.subscriptionNo, order.status !== "unpaid");
}

/**
 * After a purchase: the new plan in the user store (Me page, gates), and the worker's cached
 * lists and snapshots of signed-in viewers dropped, since they were cut for the old plan
 * (their cache key is the session, which a purchase does not change).
 */
export async function refreshAfterPurchase(): Promise<void> {
  await Promise.all([clearUserDataCaches(), refreshCurrentCombo(systemState.systemId)]);
}
