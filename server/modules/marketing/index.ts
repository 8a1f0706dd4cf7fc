// The marketing module (docs/marketing.md): invites and their rewards (services/invites.ts, the
// same-device and same-address rule in services/sightings.ts), campaigns with activity codes and
// their claims (services/campaigns.ts), discounts of marketing types 5/6/7, receiving them and
// pricing them at checkout (services/discounts.ts, services/promotion-pricer.ts), and the
// phone-collection dialog's answers. Uses accounts for memberships and commerce for prices.
// createMarketing answers the plugin and the two hooks app.ts wires into other modules:
// onUserRegistered (accounts: credit the invite) and promotions (commerce: price marketing_id).
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { OnUserRegistered } from "../accounts";
import type { PromotionPricer } from "../commerce";
import type { MarketingContext } from "./context";
import { activityRoutes } from "./routes/activities";
import { discountRoutes } from "./routes/discounts";
import { inviteRoutes } from "./routes/invites";
import { phoneCollectionRoutes } from "./routes/phone-collection";
import { ensureDemoCampaign } from "./services/campaigns";
import { ensureDemoDiscounts } from "./services/discounts";
import { creditInvite } from "./services/invites";
import { priceDiscount } from "./services/promotion-pricer";

export { findCampaignBySlug } from "./services/campaigns";
export { marketingPurgeTasks } from "./services/purge";

export interface MarketingOptions {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** Told after a grant (reward, award, claim) changed a user's plan. */
  onMembershipGranted: (userId: number) => void;
}

export interface Marketing {
  plugin: FastifyPluginAsync;
  /** For the accounts module: credits the invite of a new account (never throws). */
  onUserRegistered: OnUserRegistered;
  /** For the commerce module: prices checkout's marketing_id + group_num. */
  promotions: PromotionPricer;
}

export function createMarketing(options: MarketingOptions): Marketing {
  const ctx: MarketingContext = { ...options };
  // Set when the plugin registers; a sign-up before that (none in practice) logs nowhere.
  let log: FastifyBaseLogger | null = null;
  return {
    plugin: async (app) => {
      log = app.log;
      if (options.config.demoMode) {
        await ensureDemoDiscounts(ctx.db, ctx.now());
        await ensureDemoCampaign(ctx.db, ctx.now());
      }
      for (const routes of [inviteRoutes, discountRoutes, activityRoutes, phoneCollectionRoutes])
        await app.register(routes, { ctx });
    },
    onUserRegistered: async (event) => {
      try {
        await creditInvite(ctx, event);
      } catch (error) {
        log?.error({ err: error, userId: event.userId }, "invite credit failed");
      }
    },
    promotions: (db, query) => priceDiscount(db, query),
  };
}
