// The same-device and same-address rule of invites: where users were seen (hashes of the device
// id and client address, lib/request-origin.ts), recorded when an inviter asks for their invite
// code and when an account is made, and compared when an invitee registers. One row per user and
// origin per hour is enough, so an identical sighting within the last hour is not written again.
// Null hashes (no device cookie, a loopback client) are never compared.
import { and, eq, gte, isNull, lte, or, type SQL } from "drizzle-orm";
import type { InviteRefusal } from "../../../../contract/marketing";
import type { Db } from "../../../db/client";
import { userSightings } from "../../../db/schema";
import type { RequestOrigin } from "../../../lib/request-origin";

const HOUR_MS = 3_600_000;
/** An invitee from a device or address the inviter used this long before counts as the inviter. */
export const SAME_ORIGIN_WINDOW_MS = 24 * HOUR_MS;

const sameHash = (
  column: typeof userSightings.deviceHash | typeof userSightings.addressHash,
  hash: string | null,
): SQL => (hash === null ? isNull(column) : eq(column, hash));

/** Records that the user was seen from `origin` at `now` (nothing when both hashes are null). */
export async function recordSighting(db: Db, userId: number, origin: RequestOrigin, now: Date): Promise<void> {
  if (origin.deviceHash === null && origin.addressHash === null) return;
  const [recent] = await db
    .select({ id: userSightings.id })
    .from(userSightings)
    .where(
      and(
        eq(userSightings.userId, userId),
        sameHash(userSightings.deviceHash, origin.deviceHash),
        sameHash(userSightings.addressHash, origin.addressHash),
        gte(userSightings.seenAt, new Date(now.getTime() - HOUR_MS)),
        lte(userSightings.seenAt, now),
      ),
    )
    .limit(1);
  if (recent) return;
  await db.insert(userSightings).values({ userId, ...origin, seenAt: now });
}

/**
 * Whether `origin` matches a sighting of the inviter within the day before `now`: the device
 * first, then the address; null when neither does.
 */
export async function sameOriginAs(
  db: Db,
  inviterId: number,
  origin: RequestOrigin,
  now: Date,
): Promise<Extract<InviteRefusal, "same_device" | "same_address"> | null> {
  const matches = [
    origin.deviceHash === null ? undefined : eq(userSightings.deviceHash, origin.deviceHash),
    origin.addressHash === null ? undefined : eq(userSightings.addressHash, origin.addressHash),
  ].filter((condition) => condition !== undefined);
  if (matches.length === 0) return null;
  const rows = await db
    .select({ deviceHash: userSightings.deviceHash, addressHash: userSightings.addressHash })
    .from(userSightings)
    .where(
      and(
        eq(userSightings.userId, inviterId),
        gte(userSightings.seenAt, new Date(now.getTime() - SAME_ORIGIN_WINDOW_MS)),
        lte(userSightings.seenAt, now),
        or(...matches),
      ),
    );
  if (origin.deviceHash !== null && rows.some((row) => row.deviceHash === origin.deviceHash)) return "same_device";
  return rows.length > 0 ? "same_address" : null;
}
