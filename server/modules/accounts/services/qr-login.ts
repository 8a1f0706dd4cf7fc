// QR-code login: a screen asks for a ticket and shows it as a QR code, a phone that is
// already signed in confirms it, and the screen's polling claims the login exactly once. The
// ticket is a bearer secret (256 random bits), so only its hash is stored.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { qrLoginTickets, users, type User } from "../../../db/schema";

export const TICKET_TTL_MS = 2 * 60_000;
/** After confirmation the screen has this long to pick the login up. */
export const CLAIM_WINDOW_MS = 2 * 60_000;

export type TicketStatus = "pending" | "confirmed" | "expired";

function hashTicket(ticket: string): string {
  return createHash("sha256").update(ticket).digest("hex");
}

export async function createTicket(db: Db, now: Date): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
  await db.insert(qrLoginTickets).values({ ticketHash: hashTicket(ticket), createdAt: now, expiresAt });
  return { ticket, expiresAt };
}

/** Confirms a pending, unexpired ticket for the user; false when there is no such ticket. */
export async function confirmTicket(db: Db, ticket: string, userId: number, now: Date): Promise<boolean> {
  const confirmed = await db
    .update(qrLoginTickets)
    .set({ userId, confirmedAt: now })
    .where(
      and(
        eq(qrLoginTickets.ticketHash, hashTicket(ticket)),
        isNull(qrLoginTickets.confirmedAt),
        gt(qrLoginTickets.expiresAt, now),
      ),
    )
    .returning({ id: qrLoginTickets.id });
  return confirmed.length === 1;
}

export type CheckResult = { status: "pending" | "expired" } | { status: "confirmed"; user: User };

/**
 * What the polling screen sees. A confirmed ticket is claimed by one atomic update, so the
 * login is handed out once; a claimed, unknown or timed-out ticket reads as expired.
 */
export async function checkTicket(db: Db, ticket: string, now: Date): Promise<CheckResult> {
  const hash = hashTicket(ticket);
  const [row] = await db.select().from(qrLoginTickets).where(eq(qrLoginTickets.ticketHash, hash));
  if (!row || row.claimedAt) return { status: "expired" };
  if (!row.confirmedAt) return { status: row.expiresAt > now ? "pending" : "expired" };
  if (row.confirmedAt.getTime() + CLAIM_WINDOW_MS <= now.getTime()) return { status: "expired" };

  const [claimed] = await db
    .update(qrLoginTickets)
    .set({ claimedAt: now })
    .where(and(eq(qrLoginTickets.id, row.id), isNull(qrLoginTickets.claimedAt), isNotNull(qrLoginTickets.userId)))
    .returning({ userId: qrLoginTickets.userId });
  if (!claimed?.userId) return { status: "expired" };
  const [user] = await db.select().from(users).where(eq(users.id, claimed.userId));
  return user ? { status: "confirmed", user } : { status: "expired" };
}
