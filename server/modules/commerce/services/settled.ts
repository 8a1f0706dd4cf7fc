// What settling an order answers: the outcome and the order as it is now, and the saved cards
// the two-card cap detached (detached at the gateway after the commit). Shared by the purchase
// and renewal settlements without either importing the other's module for it.
import type { Order } from "../../../db/schema";

export type SettleOutcome = "paid" | "failed" | "canceled" | "unchanged";

export interface Settled {
  order: Order;
  outcome: SettleOutcome;
  /** Gateway ids of saved cards the cap detached: detach them at the gateway after the commit. */
  detached: string[];
}
