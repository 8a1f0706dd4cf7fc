// Demo influencers: names, handles and bios in their market's language, log-normal follower
// counts (median ~25k, a tail into the millions), how often they post and whether they sell.
import { leafCategories, type Category } from "../model/categories";
import type { InfluencerProfile } from "../model/entities";
import { marketOf } from "../model/markets";
import { entityId, splitByMarket } from "./counts";
import { localPriceCents } from "./prices";
import type { Rng } from "./prng";
import { bio, person, uniqueHandle } from "./text";
import { productNouns } from "./words/products";

export interface CreatorTraits {
  /** Relative posting frequency. */
  activity: number;
  /** Whether their videos carry products. */
  sells: boolean;
  /** Followers gained per view of their videos. */
  followRate: number;
}

export interface Creators {
  influencers: InfluencerProfile[];
  traits: CreatorTraits[];
}

export function generateCreators(rng: Rng, count: number, firstId: number, categories: readonly Category[]): Creators {
  const leaves = leafCategories(categories);
  const influencers: InfluencerProfile[] = [];
  const traits: CreatorTraits[] = [];
  const handles = new Set<string>();
  for (const [market, marketCount] of splitByMarket(count)) {
    const language = marketOf(market).language;
    for (let i = 0; i < marketCount; i++) {
      const who = person(rng, language);
      const handle = uniqueHandle(who.handle.slice(0, 24) || "creator", handles, rng);
      const categoryId = rng.pick(leaves).id;
      const initialFollowers = Math.round(Math.min(30_000_000, Math.max(300, rng.logNormal(25_000, 1.6))));
      const priceUsd = Math.max(10, initialFollowers * 0.004 * rng.logNormal(1, 0.4));
      influencers.push({
        id: entityId("i", firstId + influencers.length),
        market,
        handle,
        nickname: who.nickname,
        bio: bio(rng, language, rng.pick(productNouns(categoryId, language)), handle),
        categoryId,
        initialFollowers,
        price: localPriceCents(market, priceUsd),
      });
      traits.push({
        activity: Math.pow(initialFollowers, 0.25) * rng.logNormal(1, 0.8),
        sells: rng.chance(0.75),
        followRate: Math.min(0.05, rng.logNormal(0.004, 0.7)),
      });
    }
  }
  return { influencers, traits };
}
