// Portal API group: the visitor's IP region, read once at app start.
import { api } from "./client";
import type { SystemId } from "../i18n/edition";

export interface IpRegion {
  country: string;
  [field: string]: unknown;
}

/** Background call: failures are silent. */
export const ipRegion = (systemId: SystemId): Promise<IpRegion> =>
  api<IpRegion>("/v1/portal/ip2region", { query: { systemId }, silent: true });
