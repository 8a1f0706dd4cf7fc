// The baseline for bench/api.ts: a bare Fastify instance answering one small JSON route, in a
// process of its own like the real server, so the ratios compare like with like.
import Fastify from "fastify";

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get("/bare", async () => ({ code: 0, msg: "success", data: { hello: "world" } }));
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write("ready\n");
