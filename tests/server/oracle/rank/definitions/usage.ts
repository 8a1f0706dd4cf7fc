// The tests' oracle (not production code; production computes lists in store/rank-sql.ts).
// Music and hashtag lists, which rank the same way: hot (uses in the window) and rising
// (growth of uses against the previous window, above a minimum base).
import { growthRate } from "../../../../../server/modules/catalog/engine/model/rates";
import type { RankDefinition } from "../types";
import { BREAKOUT_MIN_BASE, previousWindow } from "./shared";

function usageLists<K extends "music" | "hashtags">(entity: K): [RankDefinition<K>, RankDefinition<K>] {
  const hot: RankDefinition<K> = {
    entity,
    rankType: "hot",
    windowSums: { uses: "uses", views: "views" },
    evaluate({ dataset }, row, w) {
      const t = dataset.series[entity];
      const uses = t.sum("uses", row, w.from, w.to);
      if (uses <= 0) return null;
      const views = t.sum("views", row, w.from, w.to);
      return {
        order: [uses, views],
        metrics: { uses, views, relatedVideos: dataset[entity][row].stats.relatedVideos },
      };
    },
  };
  const rising: RankDefinition<K> = {
    entity,
    rankType: "rising",
    windowSums: { uses: "uses", views: "views" },
    previousWindowSums: { previousUses: "uses" },
    evaluate({ dataset }, row, w) {
      const t = dataset.series[entity];
      const before = previousWindow(w);
      const previousUses = t.sum("uses", row, before.from, before.to);
      const uses = t.sum("uses", row, w.from, w.to);
      if (previousUses < BREAKOUT_MIN_BASE.usesPerDay * w.days || uses <= previousUses) return null;
      const growth = growthRate(uses, previousUses)!;
      return {
        order: [growth, uses],
        metrics: { uses, previousUses, growth, views: t.sum("views", row, w.from, w.to) },
      };
    },
  };
  return [hot, rising];
}

export const [musicHot, musicRising] = usageLists("music");
export const [hashtagHot, hashtagRising] = usageLists("hashtags");
