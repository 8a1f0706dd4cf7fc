// TypeBox schemas of the monitoring routes (snake_case on the wire, see docs/monitoring.md):
// item keys and thresholds (bounds from contract/monitoring.ts), the item list with cards and
// figures, alerts, settings.
import { Type } from "@fastify/type-provider-typebox";
import {
  MONITOR_ALERT_TYPES,
  MONITOR_KINDS,
  MONITOR_THRESHOLD_BOUNDS,
  type MonitorAlertType,
  type MonitorKind,
} from "../../../contract/monitoring";
import { GoodsCard, Id, InfluencerCard, Instant, Nullable } from "../catalog";

export const Kind = Type.Unsafe<MonitorKind>({
  type: "string",
  enum: [...MONITOR_KINDS],
  description: "goods or influencers",
});

const bounded = (bounds: { min: number; max: number }, description: string) =>
  Type.Integer({ minimum: bounds.min, maximum: bounds.max, description });

export const ThresholdsPatch = Type.Object(
  {
    rank_places: Type.Optional(
      bounded(MONITOR_THRESHOLD_BOUNDS.rankPlaces, "Alert when the rank moves by at least this many places"),
    ),
    sales_percent: Type.Optional(
      bounded(MONITOR_THRESHOLD_BOUNDS.salesPercent, "Alert when the window's sales move by at least this percentage"),
    ),
    new_videos: Type.Optional(Type.Boolean({ description: "Alert when a monitored influencer posts a video" })),
    top_list: Type.Optional(Type.Boolean({ description: "Alert when the item enters the top list" })),
  },
  { additionalProperties: false },
);

export const ItemKeyQuery = Type.Object({ type: Kind, id: Id });
export const ItemKeyBody = Type.Object({ type: Kind, id: Id }, { additionalProperties: false });
export const AddBody = Type.Object(
  { type: Kind, id: Id, thresholds: Type.Optional(ThresholdsPatch) },
  { additionalProperties: false },
);
export const PatchBody = Type.Object(
  { type: Kind, id: Id, thresholds: ThresholdsPatch },
  { additionalProperties: false },
);

const Holding = {
  total: Type.Integer({ description: "Items monitored now" }),
  limit: Type.Integer({ description: "Most items the plan may monitor at once (monitorAccounts)" }),
};
export const LimitSize = Type.Object({ ...Holding, tier: Type.String() });
export const Holds = Type.Object({ type: Kind, id: Type.String(), monitored: Type.Boolean(), ...Holding });

export const Thresholds = Type.Object({
  rank_places: Type.Integer(),
  sales_percent: Type.Integer(),
  new_videos: Type.Boolean(),
  top_list: Type.Boolean(),
});

export const Item = Type.Object({
  type: Kind,
  id: Type.String(),
  created_at: Instant,
  available: Type.Boolean({ description: "False when the item is no longer in the dataset" }),
  thresholds: Thresholds,
  card: Type.Optional(Type.Union([GoodsCard, InfluencerCard])),
  latest: Type.Optional(
    Type.Object({
      rank: Nullable(Type.Integer()),
      sales: Type.Number(),
      videos: Type.Optional(Type.Integer()),
      in_top_list: Type.Boolean(),
    }),
  ),
  change: Type.Optional(
    Type.Object({
      rank: Nullable(Type.Integer({ description: "Places moved up (negative: down) at the last evaluation" })),
      sales_percent: Nullable(Type.Integer()),
    }),
  ),
  evaluated_at: Nullable(Instant),
});

export const ItemList = Type.Object({
  list: Type.Array(Item),
  ...Holding,
  daily_digest: Type.Boolean(),
  updated_at: Nullable(Instant),
});

export const AlertPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const Alert = Type.Object({
  id: Type.Integer(),
  type: Type.Unsafe<MonitorAlertType>({ type: "string", enum: [...MONITOR_ALERT_TYPES] }),
  item_type: Kind,
  item_id: Type.String(),
  name: Type.String(),
  text: Type.String({ description: "The alert in the request's x-language" }),
  url: Type.String({ description: "The app path of the item's detail page" }),
  detail: Type.Record(Type.String(), Type.Unknown()),
  created_at: Instant,
  read: Type.Boolean(),
});
export const AlertPage = Type.Object({ list: Type.Array(Alert), total: Type.Integer(), unread: Type.Integer() });

export const ReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export const Unread = Type.Object({ unread: Type.Integer() });

export const Settings = Type.Object({ daily_digest: Type.Boolean() }, { additionalProperties: false });
