// The saved-method and customer pages' routes: GET /sandbox-gateway/methods/{pm_id} (the method
// and its "fail the next charge" switch), POST .../fail-next ("Make the next charge fail") and
// POST .../succeed ("Charges succeed again"), each answered with a 303 back to the method's page;
// GET /sandbox-gateway/customers/{cus_id} lists the customer's methods. Unknown or malformed
// ids: a 404 page. POSTs are in the rate limiter's "writes" group.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../../db/client";
import { CUSTOMER_PAGE_PREFIX, METHOD_PAGE_PREFIX } from "../adapter";
import { renderNotFoundPage } from "../page/layout";
import { renderCustomerPage, renderMethodPage } from "../page/method-pages";
import { METHOD_STRINGS } from "../page/strings";
import { findCustomer } from "../services/customers";
import { isIdOf } from "../services/ids";
import { findMethod, listMethods, setFailNextCharge } from "../services/methods";
import { acceptForms, FormBody, seeOther, sendHtml } from "./forms";

export interface MethodRoutesOptions {
  db: Db;
}

const MethodParams = Type.Object({ method_id: Type.String({ maxLength: 64 }) });
const CustomerParams = Type.Object({ customer_id: Type.String({ maxLength: 64 }) });

/** The switch's two posts: the path segment and the value it sets. */
export const SWITCH_ACTIONS = { "fail-next": true, succeed: false } as const;

const methodPath = (methodId: string) => `${METHOD_PAGE_PREFIX}${methodId}`;
const methodNotFound = () => renderNotFoundPage(METHOD_STRINGS.notFoundTitle, METHOD_STRINGS.notFoundText);

export const methodRoutes: FastifyPluginAsyncTypebox<MethodRoutesOptions> = async (app, { db }) => {
  acceptForms(app);

  app.get(
    `${METHOD_PAGE_PREFIX}:method_id`,
    { schema: { params: MethodParams, hide: true } },
    async (request, reply) => {
      const id = request.params.method_id;
      const method = isIdOf("method", id) ? await findMethod(db, id) : null;
      if (!method) return sendHtml(reply, 404, methodNotFound());
      const html = renderMethodPage({
        method,
        customerPath: `${CUSTOMER_PAGE_PREFIX}${method.customerId}`,
        switchPath: (failNext) => `${methodPath(method.id)}/${failNext ? "fail-next" : "succeed"}`,
      });
      return sendHtml(reply, 200, html);
    },
  );

  for (const [segment, failNext] of Object.entries(SWITCH_ACTIONS)) {
    app.post(
      `${METHOD_PAGE_PREFIX}:method_id/${segment}`,
      { schema: { params: MethodParams, body: FormBody, hide: true } },
      async (request, reply) => {
        const id = request.params.method_id;
        const method = isIdOf("method", id) ? await setFailNextCharge(db, id, failNext) : null;
        if (!method) return sendHtml(reply, 404, methodNotFound());
        request.log.info({ methodId: id, failNextCharge: failNext }, "sandbox gateway: fail-next switch set");
        return seeOther(reply, methodPath(method.id));
      },
    );
  }

  app.get(
    `${CUSTOMER_PAGE_PREFIX}:customer_id`,
    { schema: { params: CustomerParams, hide: true } },
    async (request, reply) => {
      const id = request.params.customer_id;
      const customer = isIdOf("customer", id) ? await findCustomer(db, id) : null;
      if (!customer) {
        const html = renderNotFoundPage(METHOD_STRINGS.customerNotFoundTitle, METHOD_STRINGS.customerNotFoundText);
        return sendHtml(reply, 404, html);
      }
      const methods = await listMethods(db, customer.id);
      return sendHtml(reply, 200, renderCustomerPage({ customer, methods, methodPath }));
    },
  );
};
