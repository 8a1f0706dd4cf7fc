// bench/metrics.ts's servers: one small JSON route as in bench/bare-server.ts, with Fastify's
// default request logging (a line per request to stdout, which the bench sends to a file) as
// the real server logs each request, and with the /metrics plugin (plugins/metrics.ts) when the
// second argument is "on", in a process of its own, so the two differ only by the plugin.
import Fastify from "fastify";
import { applyMetrics } from "../server/plugins/metrics";

const port = Number(process.argv[2]);
const app = Fastify({ logger: { level: "info" } });
if (process.argv[3] === "on") applyMetrics(app, { token: null, poolStats: () => null });
app.get("/bare", async () => ({ code: 0, msg: "success", data: { hello: "world" } }));
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write("ready\n");
