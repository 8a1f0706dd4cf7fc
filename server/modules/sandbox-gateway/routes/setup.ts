// The setup page's routes: GET /sandbox-gateway/setup/{setup_id} (save a card, or authorise an
// e-wallet mandate) and the payer's decisions POST .../approve ("Save card", "Authorise
// mandate") and POST .../decline ("Cancel", "Decline"), which close an open setup and send the
// browser back (303) to the merchant's return URL with setup_id added. A refused card form
// answers the page again with the message (400); the declined test card fails the setup. A
// decision on a closed setup changes nothing and redirects all the same. POSTs are "writes".
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { METHOD_PAGE_PREFIX, SETUP_PAGE_PREFIX } from "../adapter";
import type { CardFieldsView } from "../page/card-form";
import { renderNotFoundPage } from "../page/layout";
import { renderSetupPage } from "../page/setup-page";
import { SETUP_STRINGS } from "../page/strings";
import { isIdOf } from "../services/ids";
import { findMethod } from "../services/methods";
import { closeSetup, findSetup, setupReturnUrl, type SandboxSetup } from "../services/setups";
import { acceptForms, checkPostedCard, FormBody, prefilledCard, seeOther, sendHtml } from "./forms";

export interface SetupRoutesOptions {
  db: Db;
  now: Clock;
}

const Params = Type.Object({ setup_id: Type.String({ maxLength: 64 }) });

const notFound = () => renderNotFoundPage(SETUP_STRINGS.notFoundTitle, SETUP_STRINGS.notFoundText);

export const setupRoutes: FastifyPluginAsyncTypebox<SetupRoutesOptions> = async (app, { db, now }) => {
  acceptForms(app);

  const lookup = async (setupId: string): Promise<SandboxSetup | null> =>
    isIdOf("setup", setupId) ? findSetup(db, setupId) : null;

  const page = async (setup: SandboxSetup, fields: CardFieldsView = prefilledCard(now())) => {
    const saved = setup.paymentMethodId ? await findMethod(db, setup.paymentMethodId) : null;
    return renderSetupPage({
      setup,
      fields,
      actionPath: (action) => `${SETUP_PAGE_PREFIX}${setup.id}/${action}`,
      returnUrl: setupReturnUrl(setup),
      savedMethod: saved && { method: saved, path: `${METHOD_PAGE_PREFIX}${saved.id}` },
    });
  };

  app.get(`${SETUP_PAGE_PREFIX}:setup_id`, { schema: { params: Params, hide: true } }, async (request, reply) => {
    const setup = await lookup(request.params.setup_id);
    if (!setup) return sendHtml(reply, 404, notFound());
    return sendHtml(reply, 200, await page(setup));
  });

  app.post(
    `${SETUP_PAGE_PREFIX}:setup_id/approve`,
    { schema: { params: Params, body: FormBody, hide: true } },
    async (request, reply) => {
      const setup = await lookup(request.params.setup_id);
      if (!setup) return sendHtml(reply, 404, notFound());
      if (setup.status !== "requires_action") return seeOther(reply, setupReturnUrl(setup));
      let closed: SandboxSetup | null;
      if (setup.kind === "card") {
        const posted = checkPostedCard(request.body, now());
        if ("refused" in posted) return sendHtml(reply, 400, await page(setup, posted.refused));
        const outcome = posted.card.declined
          ? { state: "failed" as const }
          : { save: { kind: "card" as const, method: setup.method, card: posted.card } };
        closed = await closeSetup(db, setup.id, outcome, now());
      } else {
        closed = await closeSetup(db, setup.id, { save: { kind: "wallet", method: setup.method } }, now());
      }
      request.log.info({ setupId: setup.id, state: closed?.status }, "sandbox gateway: setup decided");
      return seeOther(reply, setupReturnUrl(closed ?? setup));
    },
  );

  app.post(
    `${SETUP_PAGE_PREFIX}:setup_id/decline`,
    { schema: { params: Params, body: FormBody, hide: true } },
    async (request, reply) => {
      const setup = await lookup(request.params.setup_id);
      if (!setup) return sendHtml(reply, 404, notFound());
      // The payer cancels saving a card; a wallet refuses the mandate.
      const state = setup.kind === "card" ? "canceled" : "failed";
      const closed = await closeSetup(db, setup.id, { state }, now());
      return seeOther(reply, setupReturnUrl(closed ?? setup));
    },
  );
};
