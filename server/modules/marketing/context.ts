// What the marketing routes and services share: the database, the configuration (invite
// rewards), the clock, and the callback told when a grant changed a user's plan (app.ts: the
// catalogue forgets that user's cached tier).
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";

export interface MarketingContext {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  onMembershipGranted: (userId: number) => void;
}
