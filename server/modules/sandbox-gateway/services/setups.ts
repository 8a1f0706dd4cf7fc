// The sandbox gateway's setups (table sandbox_setups): saving a card, or authorising an e-wallet
// mandate, on its hosted page /sandbox-gateway/setup/{id}. Created once per idempotency key for
// a customer; open (requires_action) until the payer decides: saved (the method is stored and
// linked in the same transaction), declined by the card (failed), or canceled / declined by the
// payer. Only an open setup changes (one conditional UPDATE), so a double click saves one method.
import { and, eq } from "drizzle-orm";
import type { SetupRequest } from "../../../adapters/payments/payments-adapter";
import { withSetupId } from "../../../adapters/payments/setup-return-url";
import type { Db } from "../../../db/client";
import { isSitePath } from "../../../lib/site-path";
import { sandboxSetups, SANDBOX_SETUP_STATUSES } from "../../../db/schema";
import { newId } from "./ids";
import { insertOnce } from "./idempotent-insert";
import { insertMethod, type MethodDraft } from "./methods";

export type SandboxSetup = typeof sandboxSetups.$inferSelect;
export type SetupStatusName = (typeof SANDBOX_SETUP_STATUSES)[number];

/** The payer's decisions on a setup page: save the card or authorise the mandate, or not. */
export const SETUP_ACTIONS = ["approve", "decline"] as const;
export type SetupAction = (typeof SETUP_ACTIONS)[number];

/** Where the browser goes after a decision: the return URL with `setup_id={id}` added. */
export function setupReturnUrl(setup: Pick<SandboxSetup, "id" | "returnUrl">): string {
  return withSetupId(isSitePath(setup.returnUrl) ? setup.returnUrl : "/", encodeURIComponent(setup.id));
}

export async function createSetup(db: Db, request: SetupRequest, now: Date): Promise<SandboxSetup> {
  if (!isSitePath(request.returnUrl)) throw new RangeError("returnUrl must be a path on this site");
  if (request.method === "") throw new RangeError("a setup needs a method");
  const values = {
    id: newId("setup"),
    idempotencyKey: request.idempotencyKey,
    customerId: request.customerId,
    kind: request.kind,
    method: request.method,
    returnUrl: request.returnUrl,
    createdAt: now,
    updatedAt: now,
  };
  return (await insertOnce(db, sandboxSetups, "setup", values, ["customerId", "kind", "method"])).row;
}

export async function findSetup(db: Db, id: string): Promise<SandboxSetup | null> {
  const [setup] = await db.select().from(sandboxSetups).where(eq(sandboxSetups.id, id));
  return setup ?? null;
}

/**
 * Closes an open setup: `save` given, the method is stored and the setup succeeds; otherwise it
 * ends as `state` (failed: the card was declined; canceled: the payer said no). Answers the setup
 * afterwards (unchanged when it was already closed); null when there is none.
 */
export async function closeSetup(
  db: Db,
  id: string,
  outcome: { save: MethodDraft } | { state: Exclude<SetupStatusName, "requires_action" | "succeeded"> },
  now: Date,
): Promise<SandboxSetup | null> {
  await db.transaction(async (tx) => {
    const state = "save" in outcome ? "succeeded" : outcome.state;
    const [closed] = await tx
      .update(sandboxSetups)
      .set({ status: state, updatedAt: now })
      .where(and(eq(sandboxSetups.id, id), eq(sandboxSetups.status, "requires_action")))
      .returning();
    if (!closed || !("save" in outcome)) return;
    const method = await insertMethod(tx, closed.customerId, outcome.save, now);
    await tx.update(sandboxSetups).set({ paymentMethodId: method.id }).where(eq(sandboxSetups.id, id));
  });
  return findSetup(db, id);
}
