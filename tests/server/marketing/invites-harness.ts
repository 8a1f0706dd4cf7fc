// Test wiring for the invite and activity tests: a marketing context on a database with a movable
// clock (for calling the services directly, recording which users a grant touched), users made
// through the account services, request origins as lib/request-origin.ts hashes them, and a
// client for the marketing routes that can send a device-id cookie from a chosen address.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DEVICE_ID_COOKIE } from "../../../contract/cookies";
import type { Database } from "../../../server/db/client";
import { memberships, type Membership, type User } from "../../../server/db/schema";
import type { RequestOrigin } from "../../../server/lib/request-origin";
import { createSession } from "../../../server/modules/accounts/services/sessions";
import { createUser, type NewUserFields } from "../../../server/modules/accounts/services/users";
import type { MarketingContext } from "../../../server/modules/marketing/context";
import { testConfig } from "../helpers/app";
import type { TestClock } from "../helpers/auth";

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface TestMarketing {
  ctx: MarketingContext;
  /** User ids onMembershipGranted was told about, in order. */
  granted: number[];
}

export function marketingContext(
  database: Database,
  clock: TestClock,
  env: Record<string, string> = {},
): TestMarketing {
  const granted: number[] = [];
  return {
    ctx: {
      db: database.db,
      config: testConfig(env),
      now: clock.now,
      onMembershipGranted: (id) => void granted.push(id),
    },
    granted,
  };
}

/** A new user (an e-mail account unless other fields are given). */
export function newUser(database: Database, fields: Partial<NewUserFields> = {}): Promise<User> {
  const email = `invite-${randomBytes(4).toString("hex")}@example.com`;
  return createUser(database.db, { email, ...fields });
}

export async function tokenOf(database: Database, userId: number): Promise<string> {
  return (await createSession(database.db, userId)).token;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** An origin as requestOrigin hashes it: a device id and an address key (null: none / loopback). */
export const originOf = (device: string | null, address: string | null): RequestOrigin => ({
  deviceHash: device === null ? null : sha256(device),
  addressHash: address === null ? null : sha256(address),
});

/** The user's periods, oldest first. */
export function periodsOf(database: Database, userId: number, source?: Membership["source"]): Promise<Membership[]> {
  return database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), source ? eq(memberships.source, source) : undefined))
    .orderBy(asc(memberships.startsAt), asc(memberships.id));
}

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  language?: string;
  /** The device-id cookie. */
  device?: string;
  /** The client address (default 203.0.113.50). */
  ip?: string;
  system?: 13 | 14;
}

/** The marketing routes through app.inject: status and envelope. */
export class MarketingClient {
  constructor(readonly app: FastifyInstance) {}

  async get<T = any>(url: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { "system-id": String(options.system ?? 14) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers["x-language"] = options.language;
    if (options.device) headers.cookie = `${DEVICE_ID_COOKIE}=${options.device}`;
    const response = await this.app.inject({
      method: "GET",
      url,
      headers,
      remoteAddress: options.ip ?? "203.0.113.50",
    });
    return { status: response.statusCode, ...response.json<{ code: number; msg: string; data: T }>() };
  }
}
