// Marketing and subscription API group. So far: the signed-in user's plans.
import type { SystemId } from "../i18n/edition";
import { api } from "./client";

export type PlanName = "basic" | "premium" | "pro";

/** One membership period; the first of the list is the current plan. */
export interface ComboItem {
  id: number | string;
  plan?: PlanName;
  /** ISO 8601 end of the period. */
  endTime?: string;
  daysToEndTime?: number;
}

/** Background call after login and at app start: failures are silent. */
export const currentCombo = (systemId: SystemId): Promise<ComboItem[]> =>
  api<ComboItem[] | null>("/v1/user/accounts/current-combo", { query: { systemId }, silent: true }).then(
    (list) => list ?? [],
  );
