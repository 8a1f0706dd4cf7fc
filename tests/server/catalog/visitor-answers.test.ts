// A visitor's repeated rank-list URL is answered from the remembered body (VisitorAnswers in
// modules/catalog/routes/cached-body.ts) before validation and the route's handler: the same
// bytes and headers as the first answer; a signed-in caller, another URL, a new refresh slot and
// a new snapshot go through the route; the system-id check still runs first; compression works.
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { refreshRanks } from "../../../server/modules/catalog/jobs/refresh";
import { API_HEADERS } from "../helpers/app";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";

let t: DataTestApp;
let pro: string;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  t = await openDataApp({ DEMO_DATA_SCALE: "0.01" }, now);
  pro = (await signIn(t.database, "pro")).token;
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { ...API_HEADERS, ...headers } });

/** Makes the route's handler fail while `during` runs: an answer that still comes was not made by it. */
async function withoutHandler<T>(during: () => Promise<T>): Promise<T> {
  const snapshot = vi.spyOn(t.app.data, "snapshot", "get").mockImplementation(() => {
    throw new Error("the rank route's handler ran");
  });
  try {
    return await during();
  } finally {
    snapshot.mockRestore();
  }
}

it("answers a visitor's repeated URL with the first answer's bytes and headers, without the handler", async () => {
  const url = "/api/v1/rank/goods?window=7d&size=20";
  const first = await get(url);
  expect(first.statusCode).toBe(200);
  const [again, signedIn, otherPage, badSystemId] = await withoutHandler(() =>
    Promise.all([
      get(url),
      get(url, { authorization: `Bearer ${pro}` }),
      get(`${url}&page=2`),
      get(url, { "system-id": "99" }),
    ]),
  );
  expect(again.statusCode).toBe(200);
  expect(again.body).toBe(first.body);
  for (const header of ["content-type", "vary", "content-security-policy", "x-content-type-options"])
    expect(again.headers[header], header).toBe(first.headers[header]);
  // A signed-in caller's list depends on the plan, and another URL is another answer: both run the route.
  expect(signedIn.statusCode).toBe(500);
  expect(otherPage.statusCode).toBe(500);
  // The system-id check runs before the remembered answer.
  expect(badSystemId.statusCode).toBe(400);
});

it("sends the remembered answer compressed as the request accepts it", async () => {
  const url = "/api/v1/rank/videos?window=24h&size=50";
  const first = await get(url);
  expect(first.statusCode).toBe(200);
  expect(first.body.length).toBeGreaterThan(1024);
  const compressed = await withoutHandler(() => get(url, { "accept-encoding": "gzip, deflate, br" }));
  expect(compressed.statusCode).toBe(200);
  expect(compressed.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);
});

it("does not answer from a body of an earlier refresh slot", async () => {
  const url = "/api/v1/rank/influencers?window=24h";
  const first = await get(url);
  const { updated_at, next_update_at } = first.json<{ data: { updated_at: string; next_update_at: string } }>().data;
  offsetMs += Date.parse(next_update_at) - now().getTime() + 1_000;
  const later = await get(url);
  expect(later.statusCode).toBe(200);
  const times = later.json<{ data: { updated_at: string } }>().data;
  expect(times.updated_at).toBe(next_update_at);
  expect(times.updated_at).not.toBe(updated_at);
});

it("does not answer from a body of an earlier snapshot", async () => {
  const url = "/api/v1/rank/music?window=7d";
  expect((await get(url)).statusCode).toBe(200);
  expect(await refreshRanks(t.database, null)).not.toBeNull();
  expect(await t.app.data.reloadIfNewer()).toBe(true);
  const afterSwap = await withoutHandler(() => get(url));
  expect(afterSwap.statusCode).toBe(500);
  expect((await get(url)).statusCode).toBe(200);
});
