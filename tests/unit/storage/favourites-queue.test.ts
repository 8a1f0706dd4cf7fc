// Favourites made offline: the heart changes at once and the desired state waits in
// IndexedDB, one entry per item (last write wins, no duplicates), and is sent with PUT/DELETE
// when the app syncs — only for the session that made it — against a real local HTTP server.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { configureApi } from "../../../src/api/client";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { applyLocale } from "../../../src/i18n/switch-locale";
import {
  clearFavourites,
  ensureFavourites,
  favouritesState,
  syncFavourites,
  toggleFavourite,
} from "../../../src/state/favourites";
import { userState } from "../../../src/state/user";
import {
  putPending,
  readPending,
  replayPending,
  resetFavouritesQueueStore,
  settlePending,
  type PendingFavourite,
} from "../../../src/storage/favourites-queue";
import { sendJson, startTestServer, type TestServer } from "../helpers/test-server";

let server: TestServer;
/** What the fake server has: `${type}:${id}`. */
let serverLikes: Set<string>;
let reachable = true;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (!reachable) {
      response.destroy();
      return;
    }
    if (request.method === "GET") {
      const list = [...serverLikes].map((key) => ({
        type: key.split(":")[0],
        id: key.split(":")[1],
        created_at: "2026-11-20T00:00:00Z",
        available: true,
      }));
      sendJson(response, 200, { code: 0, msg: "success", data: { list, total: list.length, page: 1, size: 100 } });
      return;
    }
    const { type, id } = JSON.parse(request.rawBody) as { type: string; id: string };
    if (id === "gone") {
      sendJson(response, 404, { code: 404, msg: "Not found", data: null });
      return;
    }
    if (request.method === "PUT") serverLikes.add(`${type}:${id}`);
    else serverLikes.delete(`${type}:${id}`);
    sendJson(response, 200, { code: 0, msg: "success", data: { type, id, liked: request.method === "PUT" } });
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
  await applyLocale("en"); // the error catalogue's toasts are translated
});
afterAll(() => server.close());

let offline = false;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetFavouritesQueueStore();
  clearFavourites();
  serverLikes = new Set();
  reachable = true;
  offline = false;
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => !offline });
  server.requests.length = 0;
  userState.token = "tok-a";
});
afterEach(() => {
  delete (navigator as { onLine?: boolean }).onLine;
});

const change = (over: Partial<PendingFavourite>): PendingFavourite => ({
  kind: "goods",
  id: "g1",
  liked: true,
  at: 1,
  token: "tok-a",
  ...over,
});
const writes = () =>
  server.requests
    .filter((request) => request.method !== "GET")
    .map((request) => `${request.method} ${request.rawBody}`);

describe("the queue", () => {
  test("one entry per item: the last write wins", async () => {
    await putPending(change({ liked: true, at: 1 }));
    await putPending(change({ liked: false, at: 2 }));
    await putPending(change({ kind: "video", id: "g1", at: 3 }));
    expect(await readPending()).toEqual([change({ liked: false, at: 2 }), change({ kind: "video", id: "g1", at: 3 })]);
  });

  test("settling removes an entry only if no newer tap replaced it", async () => {
    const first = change({ at: 1 });
    await putPending(first);
    await putPending(change({ liked: false, at: 2 }));
    await settlePending(first);
    expect(await readPending()).toEqual([change({ liked: false, at: 2 })]);
    await settlePending(change({ liked: false, at: 2 }));
    expect(await readPending()).toEqual([]);
  });

  test("replay: sent and refused leave, the first unreachable stops it, other sessions' entries are dropped", async () => {
    await putPending(change({ id: "a", at: 1 }));
    await putPending(change({ id: "b", at: 2, token: "tok-old" }));
    await putPending(change({ id: "c", at: 3 }));
    await putPending(change({ id: "d", at: 4 }));
    await putPending(change({ id: "e", at: 5 }));
    const outcomes: Record<string, "sent" | "refused" | "unreachable"> = { a: "sent", c: "refused", d: "unreachable" };
    const seen: string[] = [];
    const result = await replayPending("tok-a", async (item) => {
      seen.push(item.id);
      return outcomes[item.id];
    });
    expect(seen).toEqual(["a", "c", "d"]);
    expect(result.sent.map((item) => item.id)).toEqual(["a"]);
    expect(result.refused.map((item) => item.id)).toEqual(["c"]);
    expect(result.waiting).toBe(2);
    expect((await readPending()).map((item) => item.id)).toEqual(["d", "e"]);
  });

  test("survives a new store handle (a reload)", async () => {
    await putPending(change({}));
    resetFavouritesQueueStore();
    expect(await readPending()).toEqual([change({})]);
  });
});

describe("hearts offline", () => {
  test("a tap offline changes the heart at once, calls nothing and is sent when the app syncs", async () => {
    offline = true;
    expect(await toggleFavourite("goods", "g1")).toBe(true);
    expect(await toggleFavourite("video", "v1")).toBe(true);
    expect(await toggleFavourite("video", "v1")).toBe(false); // changed twice: one entry
    expect(favouritesState.liked).toEqual({ "goods:g1": true });
    expect(favouritesState.pending).toEqual({ "goods:g1": true, "video:v1": false });
    expect(writes()).toEqual([]);
    expect((await readPending()).map((item) => [item.kind, item.id, item.liked])).toEqual([
      ["goods", "g1", true],
      ["video", "v1", false],
    ]);

    offline = false;
    await syncFavourites();
    expect(writes()).toEqual(['PUT {"type":"goods","id":"g1"}', 'DELETE {"type":"video","id":"v1"}']);
    expect(serverLikes).toEqual(new Set(["goods:g1"]));
    expect(await readPending()).toEqual([]);
    expect(favouritesState.pending).toEqual({});
  });

  test("music and hashtags wait offline like the other kinds and are sent with their own kinds", async () => {
    offline = true;
    expect(await toggleFavourite("music", "m1")).toBe(true);
    expect(await toggleFavourite("hashtag", "h1")).toBe(true);
    expect(favouritesState.pending).toEqual({ "music:m1": true, "hashtag:h1": true });
    expect(writes()).toEqual([]);
    offline = false;
    await syncFavourites();
    // Both tapped within the same millisecond: either order.
    expect(writes().sort()).toEqual(['PUT {"type":"hashtag","id":"h1"}', 'PUT {"type":"music","id":"m1"}']);
    expect(serverLikes).toEqual(new Set(["music:m1", "hashtag:h1"]));
    expect(await readPending()).toEqual([]);
  });

  test("a request that gets no answer is kept like an offline tap; a refusal goes back", async () => {
    reachable = false;
    expect(await toggleFavourite("influencer", "i1")).toBe(true);
    expect(await readPending()).toHaveLength(1);
    reachable = true;
    await syncFavourites();
    expect(serverLikes).toEqual(new Set(["influencer:i1"]));

    offline = true;
    await toggleFavourite("goods", "gone");
    offline = false;
    await syncFavourites();
    expect(favouritesState.liked["goods:gone"]).toBeUndefined();
    expect(await readPending()).toEqual([]);
  });

  test("the loaded list shows waiting changes over the server's; another session's changes are never sent", async () => {
    serverLikes = new Set(["goods:g1"]);
    offline = true;
    await putPending(change({ id: "g1", liked: false, at: 1 }));
    await putPending(change({ id: "g2", liked: true, at: 2 }));
    await putPending(change({ id: "g3", liked: true, at: 3, token: "tok-other" }));
    offline = false;
    reachable = true;
    // The list loads before the sync: the waiting changes win.
    await ensureFavourites();
    expect(favouritesState.liked).toEqual({ "goods:g2": true });
    expect(favouritesState.pending).toEqual({ "goods:g1": false, "goods:g2": true });
    await syncFavourites();
    expect(serverLikes).toEqual(new Set(["goods:g2"]));
    expect(writes().some((line) => line.includes("g3"))).toBe(false);
    expect(await readPending()).toEqual([]);
  });
});
