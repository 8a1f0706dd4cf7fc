// Saved cards and e-wallet mandates (docs/subscriptions.md): POST credit-cards/setup-intent (the
// gateway's page where a card is entered), POST credit-cards (the completed setup saved: the 2
// newest cards kept), GET credit-cards/list, DELETE credit-cards/{id}; POST e-wallet/mandates
// (start an authorisation, or complete it with setup_id), POST e-wallet/list, POST
// e-wallet/consent/alipay-cn/success, DELETE e-wallet/mandates/{id}. Only the caller's methods:
// someone else's id is 70024.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { SavedMethodKind } from "../../../../contract/commerce";
import { ok } from "../../../lib/api";
import { InputError } from "../../../lib/domain-error";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import { commerceError } from "../errors";
import { commerceResponses } from "../schemas";
import { SavedMethodSchema, savedMethodJson } from "../subscription-schemas";
import { isRecurring, recurringMethodOf } from "../services/recurring";
import { activeMethods, removeSavedMethod } from "../services/saved-methods";
import { completeSetup, startSetup } from "../services/setups";
import { sitePathOf } from "./site-path";

const DEFAULT_RETURN = "/subscription";
const SetupId = Type.String({ minLength: 1, maxLength: 100 });
const ReturnUrl = Type.String({ maxLength: 500 });
const MethodId = Type.String({ minLength: 1, maxLength: 40 });
const StartedSetup = Type.Object({ setup_id: Type.String(), redirect_url: Type.String() });
const MethodList = Type.Object({ list: Type.Array(SavedMethodSchema) });
const Removed = Type.Object({ removed: Type.Boolean() });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
// The route options cards and e-wallets share: complete a setup, list, remove.
const completing = {
  preHandler: requireUser,
  schema: { body: Type.Object({ setup_id: SetupId }), response: commerceResponses(SavedMethodSchema) },
};
const listing = { preHandler: requireUser, schema: { response: commerceResponses(MethodList) } };
const removing = { preHandler: requireUser, schema: { params: IdParams, response: commerceResponses(Removed) } };

export const savedMethodRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  const { payments } = ctx;
  const list = async (userId: number, kind: SavedMethodKind) =>
    ok({ list: (await activeMethods(ctx.db, userId, { kind })).map(savedMethodJson) });
  const complete = async (userId: number, kind: SavedMethodKind, setupId: string) =>
    ok(savedMethodJson(await completeSetup(payments, userId, kind, setupId, ctx.now())));
  const remove = async (userId: number, kind: SavedMethodKind, id: number) => {
    await removeSavedMethod(payments, userId, id, kind, ctx.now());
    return ok({ removed: true });
  };

  /** The card method a setup saves: the one asked for, else the first card method the gateway renews. */
  function cardMethodOf(wanted: string | undefined): string {
    const methods = ctx.config.paymentMethods;
    const method = wanted
      ? recurringMethodOf(payments.adapter, methods, wanted)
      : methods.find((entry) => entry.kind === "card" && isRecurring(payments.adapter, entry));
    if (method?.kind !== "card") throw commerceError("METHOD_NOT_RECURRING");
    return method.id;
  }

  app.post(
    "/v1/user/credit-cards/setup-intent",
    {
      preHandler: requireUser,
      schema: {
        body: Type.Optional(Type.Object({ return_url: Type.Optional(ReturnUrl), method: Type.Optional(MethodId) })),
        response: commerceResponses(StartedSetup),
      },
    },
    async (request) => {
      const returnUrl = sitePathOf(request.body?.return_url, DEFAULT_RETURN);
      const method = cardMethodOf(request.body?.method);
      const started = await startSetup(payments, request.user!.id, "card", method, returnUrl);
      return ok({ setup_id: started.setupId, redirect_url: started.redirectUrl });
    },
  );

  app.post("/v1/user/credit-cards", completing, async (request) =>
    complete(request.user!.id, "card", request.body.setup_id),
  );
  app.get("/v1/user/credit-cards/list", listing, async (request) => list(request.user!.id, "card"));
  app.delete("/v1/user/credit-cards/:id", removing, async (request) =>
    remove(request.user!.id, "card", request.params.id),
  );

  app.post(
    "/v1/user/e-wallet/mandates",
    {
      preHandler: requireUser,
      schema: {
        body: Type.Object({
          method: Type.Optional(MethodId),
          return_url: Type.Optional(ReturnUrl),
          setup_id: Type.Optional(SetupId),
        }),
        response: commerceResponses(Type.Union([StartedSetup, SavedMethodSchema])),
      },
    },
    async (request) => {
      const { method, return_url: returnUrl, setup_id: setupId } = request.body;
      if (setupId !== undefined) return complete(request.user!.id, "wallet", setupId);
      if (method === undefined)
        throw new InputError("Give method (to authorise a mandate) or setup_id (to complete one)");
      const wallet = recurringMethodOf(payments.adapter, ctx.config.paymentMethods, method);
      if (!wallet || wallet.kind !== "wallet") throw commerceError("METHOD_NOT_RECURRING");
      const path = sitePathOf(returnUrl, DEFAULT_RETURN);
      const started = await startSetup(payments, request.user!.id, "wallet", wallet.id, path);
      return ok({ setup_id: started.setupId, redirect_url: started.redirectUrl });
    },
  );

  app.post("/v1/user/e-wallet/list", listing, async (request) => list(request.user!.id, "wallet"));
  app.post("/v1/user/e-wallet/consent/alipay-cn/success", completing, async (request) =>
    complete(request.user!.id, "wallet", request.body.setup_id),
  );
  app.delete("/v1/user/e-wallet/mandates/:id", removing, async (request) =>
    remove(request.user!.id, "wallet", request.params.id),
  );
};
