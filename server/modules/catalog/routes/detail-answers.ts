// Detail answers read from the database (detail pages, an influencer's video pages and month
// calendars, trends) kept as serialized bodies (cached-body.ts, with their compressed variants)
// per data version, in their own LRU bounded by CATALOG_CACHE_MB, so detail reads never evict
// rank-list bodies (BODY_CACHE_MB) nor the reverse. They depend on the stored data alone, not
// on the rank lists, so a refresh (a new snapshot version over the same data) keeps them; a
// snapshot with new data (a seed or an import) clears them, and the keys name the data version,
// so nothing of older data is answered again anyway.
// One answer: the id must exist (404 first: an unknown id spends nothing; a cached body proves it
// exists without a query), then the route's gate (plan, quota), then the cached body or a build.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../../config";
import { Lru, MB } from "../../../lib/lru";
import type { DataService } from "../services/data-service";
import type { DataSnapshot } from "../services/snapshot";
import { bodyBytes, type CachedBody } from "../services/rank-lists";
import { sendCached } from "./cached-body";

export interface DetailAnswer {
  /** What shapes the body besides the snapshot version (path, id, query, language). */
  key: string;
  /** Throws the 404 when the id is not stored (skipped when the body is cached). */
  exists: () => Promise<unknown>;
  /** The access checks (401/801/803...), after the 404. */
  gate: () => Promise<unknown>;
  /** The answer's data; undefined when the id is gone meanwhile (then `missing` is thrown). */
  build: () => Promise<unknown>;
  missing: () => Error;
}

export class DetailAnswers {
  readonly bodies: Lru<string, CachedBody>;

  constructor(data: DataService, budget: Pick<Config, "catalogCacheMb">) {
    this.bodies = new Lru({ maxBytes: budget.catalogCacheMb * MB, sizeOf: bodyBytes });
    let dataVersion = data.snapshot.dataVersion;
    data.onSnapshot((snapshot) => {
      if (snapshot.dataVersion !== dataVersion) this.bodies.clear();
      dataVersion = snapshot.dataVersion;
    });
  }

  /** Answers `answer` for the snapshot's data version (the snapshot read once at the request's start). */
  async send(request: FastifyRequest, reply: FastifyReply, snapshot: DataSnapshot, answer: DetailAnswer) {
    const key = `${snapshot.dataVersion}|${answer.key}`;
    if (!this.bodies.has(key)) await answer.exists();
    await answer.gate();
    // No await between this check and sendCached: a body found here is the one sent.
    if (this.bodies.has(key))
      return sendCached(request, reply, this.bodies, key, () => {
        throw answer.missing();
      });
    const value = await answer.build();
    if (value === undefined) throw answer.missing();
    return sendCached(request, reply, this.bodies, key, () => value);
  }
}
