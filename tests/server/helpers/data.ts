// Helpers for the data-service tests: one app per test file on an in-memory PGlite with a small
// demo dataset (scale 0.05: 500 goods, 150 influencers, 1,000 videos), users of each tier
// signed in directly through the services, and a client that returns status and JSON body.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../../server/db/client";
import type { Plan } from "../../../server/db/schema";
import { grantMembership } from "../../../server/modules/accounts/services/memberships";
import { createSession } from "../../../server/modules/accounts/services/sessions";
import { createUser } from "../../../server/modules/accounts/services/users";
import { API_HEADERS, openTestApp } from "./app";

export const DATA_TEST_SCALE = "0.05";

export interface DataTestApp {
  database: Database;
  app: FastifyInstance;
  client: DataClient;
  close: () => Promise<void>;
}

/** openTestApp with the data tests' dataset, and a client for the data routes. */
export async function openDataApp(env: Record<string, string> = {}, now?: () => Date): Promise<DataTestApp> {
  const opened = await openTestApp({
    env: { DEMO_DATA_SCALE: DATA_TEST_SCALE, DEMO_DATA_SEED: "data-tests", ...env },
    now,
  });
  return { ...opened, client: new DataClient(opened.app) };
}

export type Tier = "free" | Plan;

/** A new user of `tier` with a live session; returns the bearer token. */
export async function signIn(
  database: Database,
  tier: Tier,
  now = new Date(),
): Promise<{ token: string; userId: number }> {
  const user = await createUser(database.db, { email: `data-${tier}-${randomBytes(4).toString("hex")}@example.com` });
  if (tier !== "free") {
    await grantMembership(database.db, {
      userId: user.id,
      plan: tier,
      source: "demo",
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: new Date(now.getTime() + 86_400_000),
    });
  }
  const { token } = await createSession(database.db, user.id);
  return { token, userId: user.id };
}

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export class DataClient {
  constructor(readonly app: FastifyInstance) {}

  async call<T = any>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    options: { token?: string; language?: string; body?: object } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...API_HEADERS };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers["x-language"] = options.language;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.body ? { payload: options.body } : {}),
    });
    const json = response.json<{ code: number; msg: string; data: T }>();
    return { status: response.statusCode, ...json };
  }

  get<T = any>(url: string, token?: string): Promise<Answer<T>> {
    return this.call<T>("GET", url, { token });
  }
}
