// What every data route (/api/v1/*) works with: the data service (current snapshot), the rank
// list cache, the database (tiers, quotas, favourites), the configuration (plan matrix) and the
// clock (tests move it).
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { createTierCache, type TierCache } from "../../data/service/access";
import type { DataService } from "../../data/service/data-service";
import { RankLists } from "../../data/service/rank-lists";
import type { Clock } from "../../services/auth-context";

export interface DataContext {
  data: DataService;
  lists: RankLists;
  db: Db;
  tiers: TierCache;
  config: Readonly<Config>;
  now: Clock;
}

export function createDataContext(data: DataService, db: Db, config: Readonly<Config>, now: Clock): DataContext {
  return { data, lists: new RankLists(data), db, tiers: createTierCache(), config, now };
}
