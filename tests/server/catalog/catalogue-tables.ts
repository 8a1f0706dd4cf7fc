// The catalogue's stored tables with an order that makes their rows comparable, for the import
// tests that compare what two runs stored (import-stream, import-copy).
import { ENTITY_KINDS } from "../../../server/modules/catalog/engine";

export const CATALOGUE_TABLES = [
  "markets ORDER BY code",
  "categories ORDER BY id",
  "shops ORDER BY id",
  "goods ORDER BY id",
  "influencers ORDER BY id",
  "videos ORDER BY id",
  "music ORDER BY id",
  "hashtags ORDER BY id",
  "showcase_links ORDER BY influencer_id, goods_id",
  ...ENTITY_KINDS.map((kind) => `${kind}_months ORDER BY id, month`),
];
