// Every API call names the site it comes from (spec section 7: header system-id, 13 = Chinese,
// 14 = overseas). Rejecting a missing or unknown value at the door keeps handlers from
// guessing. Health checks and static files are not API paths, so they stay exempt.
import type { FastifyInstance } from "fastify";
import { ApiError, isApiPath } from "../http/api";

export const SYSTEM_IDS = [13, 14] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

const INVALID = "Missing or invalid system-id header: expected 13 or 14";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's site, set for every API request (0 elsewhere). */
    systemId: SystemId | 0;
  }
}

function parseSystemId(header: string | string[] | undefined): SystemId | null {
  const value = typeof header === "string" ? Number(header.trim()) : NaN;
  return SYSTEM_IDS.find((id) => id === value) ?? null;
}

export function applySystemIdGuard(app: FastifyInstance): void {
  app.decorateRequest("systemId", 0);
  app.addHook("onRequest", async (request) => {
    if (!isApiPath(request.url)) return;
    const systemId = parseSystemId(request.headers["system-id"]);
    if (systemId === null) throw new ApiError(400, INVALID);
    request.systemId = systemId;
  });
}
