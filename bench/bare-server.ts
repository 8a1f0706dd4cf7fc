// The baseline for bench/api.ts: a bare Fastify instance answering one small JSON route, in a
// process of its own like the real server, so the ratios compare like with like. Given a file
// (argv[3]), it also answers its bytes as JSON at /bare-body: the ceiling for an answer of that
// size on the same machine and load generator.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const port = Number(process.argv[2]);
const bodyFile = process.argv[3];
const app = Fastify({ logger: false });
app.get("/bare", async () => ({ code: 0, msg: "success", data: { hello: "world" } }));
if (bodyFile) {
  const body = readFileSync(bodyFile);
  app.get("/bare-body", (_request, reply) => {
    void reply.type("application/json; charset=utf-8").send(body);
  });
}
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write("ready\n");
