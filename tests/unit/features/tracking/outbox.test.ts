// The tracking outbox and its senders against a real local HTTP server: batches of at most 100
// per edition and channel, events deleted only after 200 + code 0, kept on failures (and a
// Background Sync asked for), dropped when the server calls the batch malformed; the service
// worker's replay reads the same store with the headers the page saved; both sides agree on
// the store's names.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { configureApi } from "../../../../src/api/client";
import { bindApiToStores } from "../../../../src/boot/api-bindings";
import { setLocale } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import {
  addToOutbox,
  readOutbox,
  resetTrackingOutboxStore,
  saveSenderHeaders,
  SENDER_KEY,
  TRACKING_DB_NAME,
  TRACKING_STORE_NAME,
  type OutboxRecord,
} from "../../../../src/features/tracking/outbox";
import { TRACKING_BATCH_SIZE, toBatches } from "../../../../src/features/tracking/batches";
import { flushTracking, STATISTICS_PATH } from "../../../../src/features/tracking/flush";
import { buildAction } from "../../../../src/features/tracking/event";
import * as worker from "../../../../sw/tracking-sync";
import { sendJson, startTestServer, type TestServer } from "../../helpers/test-server";

let server: TestServer;
/** Status of the next replies, in order ("refused": 200 with a non-zero code); then 200. */
let statuses: (number | "refused")[] = [];

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const next = statuses.shift() ?? 200;
    const count = request.rawBody ? (JSON.parse(request.rawBody) as { actions: unknown[] }).actions.length : 0;
    if (next === "refused") sendJson(response, 200, { code: 60100, msg: "not now", data: null });
    else
      sendJson(
        response,
        next,
        next === 200
          ? { code: 0, msg: "success", data: { accepted: count, duplicates: 0 } }
          : { code: next, msg: "no", data: null },
      );
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
});
afterAll(() => server.close());

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetTrackingOutboxStore();
  server.requests.length = 0;
  statuses = [];
  setLocale("en");
  userState.token = "tok-1";
});

let seq = 0;
function record(systemId: 13 | 14 = 14, channelId = 1, extra = ""): OutboxRecord {
  seq++;
  const action = buildAction({
    id: `event-${String(seq).padStart(6, "0")}`,
    event: "click",
    at: 1_700_000_000_000 + seq,
    scene: "",
    pageName: "index",
    pageUrl: `http://localhost/${extra}`,
    referer: "",
    channelId,
    marketingId: "",
    userId: null,
    appLang: "en",
    language: "en-US",
    deviceId: "device-1",
    sessionId: "session-1",
    deviceInfo: "test",
    browserInfo: "test",
    netType: "4g",
  });
  return { action, systemId };
}

const fill = async (records: OutboxRecord[]) => {
  for (const item of records) await addToOutbox(item);
};
const bodies = () =>
  server.requests.map(
    (request) => JSON.parse(request.rawBody) as { actions: { id: string }[]; system_id: number; channel_id: number },
  );

describe("batches", () => {
  test("at most 100 actions, one edition and channel per batch, oldest first", () => {
    const records = [...Array.from({ length: 230 }, () => record(14, 1)), record(13, 1), record(14, 5)];
    const batches = toBatches(records);
    expect(batches.map((batch) => [batch.systemId, batch.channelId, batch.actions.length])).toEqual([
      [14, 1, 100],
      [14, 1, 100],
      [14, 1, 30],
      [13, 1, 1],
      [14, 5, 1],
    ]);
    expect(batches[0].actions[0].id).toBe(records[0].action.id);
    expect(TRACKING_BATCH_SIZE).toBe(100);
  });

  test("a batch also stays under the byte limit", () => {
    const long = "x".repeat(2000);
    const batches = toBatches(Array.from({ length: 100 }, () => record(14, 1, long)));
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(JSON.stringify(batch.actions).length).toBeLessThan(192 * 1024);
  });
});

describe("page flush", () => {
  test("sends everything in batches with the API's headers and empties the outbox", async () => {
    await fill(Array.from({ length: 150 }, () => record()));
    const result = await flushTracking();
    expect(result).toEqual({ sent: 150, dropped: 0, waiting: 0 });
    expect(server.requests.map((request) => request.path)).toEqual([STATISTICS_PATH, STATISTICS_PATH]);
    expect(server.requests[0].headers["system-id"]).toBe("14");
    expect(server.requests[0].headers.authorization).toBe("tok-1");
    expect(bodies().map((body) => [body.actions.length, body.system_id, body.channel_id])).toEqual([
      [100, 14, 1],
      [50, 14, 1],
    ]);
    expect(Object.keys(bodies()[0].actions[0])).toContain("json_str");
    expect(await readOutbox()).toEqual([]);
  });

  test("a failed batch keeps its events (only the accepted ones leave) and saves the worker's headers", async () => {
    await fill(Array.from({ length: 120 }, () => record()));
    statuses = [200, 503];
    const result = await flushTracking();
    expect(result).toEqual({ sent: 100, dropped: 0, waiting: 20 });
    const left = await readOutbox();
    expect(left).toHaveLength(20);
    expect(new Set(left.map((item) => item.action.id))).toEqual(
      new Set(bodies()[1].actions.map((action) => action.id)),
    );
    const saved = await rawGet(SENDER_KEY);
    expect(saved).toEqual({ baseURL: `${server.url}/`, token: "tok-1", language: "en", clientVer: expect.any(String) });
    // Sent again later: the rest goes.
    expect(await flushTracking()).toEqual({ sent: 20, dropped: 0, waiting: 0 });
    expect(await readOutbox()).toEqual([]);
  });

  test("a code other than 0 in a 200 answer also keeps the events, on the page and in the worker", async () => {
    await fill([record()]);
    statuses = ["refused"];
    expect((await flushTracking()).waiting).toBe(1);
    expect(await readOutbox()).toHaveLength(1);
    statuses = ["refused"];
    await expect(worker.replayTrackingOutbox()).rejects.toThrow();
    expect(await readOutbox()).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  test("a batch the server calls malformed (400) is dropped: a retry would fail the same way", async () => {
    await fill([record(), record()]);
    statuses = [400];
    expect(await flushTracking()).toEqual({ sent: 0, dropped: 2, waiting: 0 });
    expect(await readOutbox()).toEqual([]);
  });

  test("offline, nothing is sent and everything waits", async () => {
    await fill([record(), record()]);
    const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), "onLine");
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      expect(await flushTracking()).toEqual({ sent: 0, dropped: 0, waiting: 2 });
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (descriptor) expect(navigator.onLine).toBe(true);
    }
    expect(server.requests).toHaveLength(0);
    expect(await readOutbox()).toHaveLength(2);
  });

  test("records survive a new store handle (a reload)", async () => {
    await fill([record(), record(13)]);
    resetTrackingOutboxStore();
    expect((await readOutbox()).map((item) => item.systemId)).toEqual([14, 13]);
  });
});

describe("service worker replay", () => {
  test("sends the outbox with the saved headers and deletes what the server stored", async () => {
    await fill([...Array.from({ length: 101 }, () => record(14, 3)), record(13, 3)]);
    await saveSenderHeaders({ baseURL: `${server.url}/`, token: "tok-saved", language: "vi", clientVer: "9.9.9" });
    await worker.replayTrackingOutbox();
    expect(
      bodies()
        .map((body) => [body.system_id, body.channel_id, body.actions.length])
        .sort(),
    ).toEqual([
      [13, 3, 1],
      [14, 3, 1],
      [14, 3, 100],
    ]);
    const headers = server.requests.find((request) => JSON.parse(request.rawBody).system_id === 13)!.headers;
    expect(headers).toMatchObject({
      "system-id": "13",
      authorization: "tok-saved",
      "x-language": "vi",
      "client-ver": "9.9.9",
    });
    expect(await readOutbox()).toEqual([]);
  });

  test("a failed replay rejects (the browser retries the sync) and keeps the events", async () => {
    await fill([record(), record()]);
    await saveSenderHeaders({ baseURL: server.url, token: "", language: "en", clientVer: "1" });
    statuses = [502];
    await expect(worker.replayTrackingOutbox()).rejects.toThrow(/502/);
    expect(await readOutbox()).toHaveLength(2);
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  test("a batch too large for the server is split", async () => {
    await fill(Array.from({ length: 4 }, () => record()));
    await saveSenderHeaders({ baseURL: server.url, token: "", language: "en", clientVer: "1" });
    statuses = [413];
    await worker.replayTrackingOutbox();
    expect(bodies().map((body) => body.actions.length)).toEqual([4, 2, 2]);
    expect(await readOutbox()).toEqual([]);
  });
});

function rawGet(key: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(TRACKING_DB_NAME);
    open.onerror = () => reject(open.error ?? new Error("open failed"));
    open.onsuccess = () => {
      const request = open.result.transaction(TRACKING_STORE_NAME).objectStore(TRACKING_STORE_NAME).get(key);
      request.onsuccess = () => {
        open.result.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error ?? new Error("get failed"));
    };
  });
}
