// GET /v1/portal/ip2region: the caller's country, used by the app at start for market
// defaults. The address is the socket's, or the proxy's forwarded one when TRUST_PROXY is on.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { countryOf } from "../services/ip-region";

const IpRegion = Type.Object({ country: Type.String(), ip: Type.String() });

export const ipRegionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/v1/portal/ip2region",
    {
      schema: {
        querystring: Type.Object({ system_id: Type.Optional(Type.Integer({ minimum: 13, maximum: 14 })) }),
        response: envelopeResponses(IpRegion),
      },
    },
    async (request) => ok({ country: countryOf(request.ip), ip: request.ip }),
  );
};
