// POST /api/v1/portal/statistics/common-user/action: the tracking endpoint.
// Visitors may send; a valid session attaches its user. A batch is at most
// TRACKING_MAX_ACTIONS events and TRACKING_MAX_BODY_BYTES; every rejection of a batch (too many,
// too big, not JSON, a bad field) answers its own code from TRACKING_ERRORS, never a 500.
// `client_error` events go to the client_errors table instead (services/client-errors.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { FastifyError } from "fastify";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import { errorFrom } from "../../../lib/domain-error";
import { TRACKING_ERRORS } from "../errors";
import {
  storeTrackingBatch,
  TRACKING_MAX_ACTIONS,
  TRACKING_MAX_BODY_BYTES,
  type TrackingAction,
} from "../services/tracking-events";
import {
  BadClientError,
  clientErrorCounter,
  clientErrorRow,
  isClientError,
  storeClientErrors,
} from "../services/client-errors";
import { STATISTICS_PATH } from "../../../../contract/tracking-outbox";

/** A short field the client may send as text or as a number (ids, codes, names). */
const Short = Type.Union([Type.String({ maxLength: 256 }), Type.Number()]);
const Long = (maxLength: number) => Type.String({ maxLength });

const Action = Type.Object(
  {
    id: Type.String({ pattern: "^[A-Za-z0-9_-]{8,64}$", description: "Client-generated; each id is stored once" }),
    event: Type.String({ minLength: 1, maxLength: 64 }),
    scene: Type.Optional(Short),
    page_name: Type.Optional(Short),
    channel_id: Type.Optional(Short),
    page_url: Type.Optional(Long(2048)),
    language: Type.Optional(Short),
    device_id: Type.Optional(Short),
    device_info: Type.Optional(Long(1024)),
    browser_info: Type.Optional(Long(1024)),
    session_id: Type.Optional(Short),
    net_type: Type.Optional(Short),
    referer: Type.Optional(Long(2048)),
    marketing_id: Type.Optional(Short),
    user_id: Type.Optional(Short),
    json_str: Type.Optional(Long(8192)),
    at: Type.Optional(Type.Number({ minimum: 0, description: "Client time, ms since the epoch" })),
  },
  // Unknown fields are dropped rather than stored.
  { additionalProperties: false },
);

const ActionBody = Type.Object({
  actions: Type.Array(Action, { maxItems: TRACKING_MAX_ACTIONS }),
  system_id: Type.Union([Type.Literal(13), Type.Literal(14)]),
  channel_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
});

const Stored = Type.Object({
  accepted: Type.Integer({ description: "Events stored by this request" }),
  duplicates: Type.Integer({ description: "Events whose id was already stored (replays)" }),
});

/** The batch's own codes for parser and schema failures; anything else goes to the app's handler. */
function batchError(error: FastifyError): Error {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return errorFrom(TRACKING_ERRORS.BODY_TOO_LARGE);
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY")
    return errorFrom(TRACKING_ERRORS.MALFORMED, "the body is not JSON");
  if (error.validation) {
    const tooMany = error.validation.some((v) => v.keyword === "maxItems" && v.instancePath === "/actions");
    return tooMany ? errorFrom(TRACKING_ERRORS.TOO_MANY_ACTIONS) : errorFrom(TRACKING_ERRORS.MALFORMED, error.message);
  }
  return error;
}

/** The error reports' rows; a bad report makes the whole batch malformed. */
function clientErrorRows(actions: TrackingAction[], systemId: number) {
  try {
    return actions.map((action) => clientErrorRow(action, systemId));
  } catch (error) {
    if (error instanceof BadClientError) throw errorFrom(TRACKING_ERRORS.MALFORMED, error.message);
    throw error;
  }
}

export const statisticsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const clientErrorsCounted = clientErrorCounter(app.metrics.registry);
  app.post(
    STATISTICS_PATH,
    {
      bodyLimit: TRACKING_MAX_BODY_BYTES,
      // Text PostgreSQL would refuse (NUL) is cleaned by storeTrackingBatch, not refused.
      config: { acceptsNul: true },
      schema: {
        tags: ["tracking"],
        summary: `Store a batch of tracking events (at most ${TRACKING_MAX_ACTIONS} actions, ${TRACKING_MAX_BODY_BYTES / 1024} KB)`,
        body: ActionBody,
        response: envelopeResponses(Stored),
      },
      errorHandler: (error) => {
        throw batchError(error);
      },
    },
    async (request) => {
      const { actions, system_id, channel_id } = request.body;
      const all = actions as TrackingAction[];
      const errorRows = clientErrorRows(all.filter(isClientError), system_id);
      const events = await storeTrackingBatch(db, {
        actions: all.filter((action) => !isClientError(action)),
        systemId: system_id,
        channelId: channel_id ?? null,
        userId: request.user?.id ?? null,
      });
      const errors = await storeClientErrors(db, errorRows, clientErrorsCounted);
      return ok({ accepted: events.accepted + errors.accepted, duplicates: events.duplicates + errors.duplicates });
    },
  );
};
