// Client error reports: the `client_error` events of a tracking batch are stored in their own
// table (once per client id, without user) instead of tracking_events, and each new one is
// counted in /metrics as client_errors_total{kind}. A report that is not a valid
// ClientErrorReport makes the batch malformed (400), like any other bad field.
import { Counter, type Registry } from "prom-client";
import type { Db } from "../../../db/client";
import { clientErrors } from "../../../db/schema";
import {
  CLIENT_ERROR_EVENT,
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  type ClientErrorKind,
} from "../../../../contract/client-errors";
import type { TrackingAction } from "./tracking-events";

export const isClientError = (action: TrackingAction): boolean => action.event === CLIENT_ERROR_EVENT;

export class BadClientError extends Error {}

type ClientErrorRow = typeof clientErrors.$inferInsert;

/** PostgreSQL text refuses NUL; clipped to the limits the app sends. */
function text(value: unknown, max: number): string {
  return typeof value === "string" ? value.replaceAll("\u0000", "").slice(0, max) : "";
}

/** The row of one error event; throws BadClientError when its json_str is not a report. */
export function clientErrorRow(action: TrackingAction, systemId: number): ClientErrorRow {
  let report: Record<string, unknown>;
  try {
    report = JSON.parse(typeof action.json_str === "string" ? action.json_str : "") as Record<string, unknown>;
  } catch {
    throw new BadClientError(`client error ${action.id}: json_str is not JSON`);
  }
  const kind = report?.kind;
  if (typeof kind !== "string" || !CLIENT_ERROR_KINDS.includes(kind as ClientErrorKind))
    throw new BadClientError(`client error ${action.id}: kind must be one of ${CLIENT_ERROR_KINDS.join(", ")}`);
  return {
    id: action.id,
    kind,
    release: text(report.release, 64),
    route: text(report.route, 64),
    userAgent: text(action.browser_info, 1024),
    name: text(report.name, 128),
    message: text(report.message, CLIENT_ERROR_MESSAGE_MAX),
    stack: text(report.stack, CLIENT_ERROR_STACK_MAX),
    systemId,
  };
}

/** client_errors_total{kind} on the app's registry. */
export function clientErrorCounter(registry: Registry): Counter<"kind"> {
  const counter = new Counter({
    name: "client_errors_total",
    help: "Errors reported by the app (new reports stored), by kind",
    labelNames: ["kind"],
    registers: [registry],
  });
  for (const kind of CLIENT_ERROR_KINDS) counter.inc({ kind }, 0);
  return counter;
}

/** Stores the rows (a replay stores nothing twice) and counts the new ones. */
export async function storeClientErrors(
  db: Db,
  rows: ClientErrorRow[],
  counter: Counter<"kind">,
): Promise<{ accepted: number; duplicates: number }> {
  if (rows.length === 0) return { accepted: 0, duplicates: 0 };
  const inserted = await db
    .insert(clientErrors)
    .values(rows)
    .onConflictDoNothing()
    .returning({ kind: clientErrors.kind });
  for (const row of inserted) counter.inc({ kind: row.kind });
  return { accepted: inserted.length, duplicates: rows.length - inserted.length };
}
