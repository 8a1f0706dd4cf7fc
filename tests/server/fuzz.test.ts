// The short fuzz run of `npm test` (the long form: `npm run fuzz -- 10000`, bench/fuzz.ts):
// 1,500 requests generated from /api/v1/openapi.json with a fixed seed against the app built
// in-process and listening on a loopback port (real HTTP), rate limits off: no 5xx, no hang, no
// dropped connection, every operation of the document hit, and the server healthy afterwards.
// Also: the generator visits every route and method of the document, so a new route is fuzzed
// without anyone listing it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationKey } from "../../bench/fuzz/openapi";
import { generateRequest, operationOrder } from "../../bench/fuzz/requests";
import { readOperations, reproduction, runFuzz } from "../../bench/fuzz/runner";
import { startFuzzServer, type FuzzServer } from "../../bench/fuzz/server";

const SEED = 17;
const REQUESTS = 1_500;

let server: FuzzServer;

beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(() => server.close());

describe("the fuzz generator", () => {
  it("visits every route and method of the OpenAPI document in one lap", async () => {
    const operations = await readOperations(server.url);
    // The document lists every module's routes (a sample from each), the probes included.
    expect(operations.map(operationKey)).toEqual(
      expect.arrayContaining([
        "GET /healthz",
        "POST /v1/user/ocean/phone/password/login-auth",
        "GET /api/v1/goods/{id}",
        "PUT /api/v1/monitor/items",
        "POST /v1/user/subscriptions/pre-payment",
        "POST /v1/user/charge/marketing/receive-discount",
        "POST /v1/payments/webhooks/sandbox",
      ]),
    );
    const context = { seed: SEED, operations, known: new Map() };
    const order = operationOrder(context);
    const lap = operations.map((_, index) => generateRequest(context, order, index).operation);
    expect(new Set(lap)).toEqual(new Set(operations.map(operationKey)));
  });

  it("is deterministic from its seed", async () => {
    const operations = await readOperations(server.url);
    const context = { seed: SEED, operations, known: new Map() };
    const order = operationOrder(context);
    const again = operationOrder({ ...context });
    for (const index of [0, 1, 57, 999]) {
      expect(generateRequest(context, again, index)).toEqual(generateRequest(context, order, index));
    }
    const other = { ...context, seed: SEED + 1 };
    const differing = [0, 1, 2, 3, 4].filter(
      (index) =>
        generateRequest(other, operationOrder(other), index).url !== generateRequest(context, order, index).url,
    );
    expect(differing.length).toBeGreaterThan(0);
  });
});

describe(`${REQUESTS} fuzzed requests`, () => {
  it("answer without a 5xx, a hang or a dropped connection, and the server stays healthy", async () => {
    const report = await runFuzz({ url: server.url, requests: REQUESTS, seed: SEED });
    const failures = report.failures.map((failure) => `${failure.kind} ${reproduction(failure.request)}`);
    expect(failures).toEqual([]);
    expect(server.errorLines).toEqual([]);
    const untouched = [...report.byOperation].filter(([, count]) => count === 0).map(([key]) => key);
    expect(untouched).toEqual([]);
    // Most answers are refusals, but valid requests get through too (the generator is not all noise).
    expect(report.byStatus.get(200) ?? 0).toBeGreaterThan(REQUESTS / 10);
    expect(report.byStatus.get(400) ?? 0).toBeGreaterThan(REQUESTS / 10);
    expect(report.healthDetail).toMatch(/^\/healthz 200/);
    expect(report.healthy).toBe(true);
  });
});
