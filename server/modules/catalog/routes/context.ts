// What every data route (/api/v1/*) works with: the data service (current snapshot), the rank
// list cache, the detail answers' cache, the database (tiers, quotas, favourites), the configuration (plan matrix) and the
// clock (tests move it).
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import type { TierCache } from "../services/access";
import type { DataService } from "../services/data-service";
import { RankLists } from "../services/rank-lists";
import { DetailAnswers } from "./detail-answers";
import type { Clock } from "../../../lib/clock";

export interface DataContext {
  data: DataService;
  lists: RankLists;
  details: DetailAnswers;
  db: Db;
  tiers: TierCache;
  config: Readonly<Config>;
  now: Clock;
}

export function createDataContext(
  data: DataService,
  db: Db,
  config: Readonly<Config>,
  now: Clock,
  tiers: TierCache,
): DataContext {
  return { data, lists: new RankLists(data, config), details: new DetailAnswers(data, config), db, tiers, config, now };
}
