// Plans API group: the plan matrix the server enforces (GET /api/v1/plans; its shape is
// contract/plans.ts), which the permission-detail popup explains. The server is the only source:
// a deployment's PLAN_MATRIX override shows up here without an app change.
import type { PlanMatrix } from "../../contract/plans";
import { api } from "./client";

export {
  MEMBER_TIERS,
  PLAN_TIERS,
  type MemberTier,
  type PlanLimits,
  type PlanMatrix,
  type PlanTier,
} from "../../contract/plans";

/** Failures are shown by the popup itself (a retry), not by a toast. */
export const planMatrix = (): Promise<PlanMatrix> => api<PlanMatrix>("/api/v1/plans", { silent: true });
