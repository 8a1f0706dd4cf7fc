// The service worker's push handlers called directly with small fakes of the worker's
// registration and clients: the notification a payload gives (title, body, icon, the campaign
// page in data.url), other origins replaced by the app's home, and a click that closes the
// notification and focuses an open window on the page, or opens a new window. (Delivery in real
// Chromium is tests/e2e/push.test.ts.)
import { describe, expect, test } from "vitest";
import {
  campaignNotification,
  openCampaign,
  PUSH_BADGE,
  PUSH_ICON,
  safeTarget,
  showCampaign,
  type ClientsLike,
  type WindowLike,
} from "../../../sw/push-handlers";

const ORIGIN = "https://app.shopradar.test";

describe("the notification of a push", () => {
  test("title, body, icon and the campaign's page from the JSON payload", async () => {
    const shown: Array<[string, NotificationOptions]> = [];
    const registration = {
      showNotification: async (title: string, options?: NotificationOptions) => void shown.push([title, options!]),
    };
    await showCampaign(
      registration,
      JSON.stringify({
        title: "Flash sale",
        body: "Pro is 30% off today",
        url: "/checkout?marketing_id=5",
        campaign: "flash-11",
      }),
      ORIGIN,
    );
    expect(shown).toEqual([
      [
        "Flash sale",
        {
          body: "Pro is 30% off today",
          icon: PUSH_ICON,
          badge: PUSH_BADGE,
          tag: "campaign-flash-11",
          data: { url: `${ORIGIN}/checkout?marketing_id=5`, campaign: "flash-11" },
        },
      ],
    ]);
  });

  test("a payload that is not JSON is the body; no payload still shows the app's name", () => {
    expect(campaignNotification("Hello there", ORIGIN)).toMatchObject({
      title: "ShopRadar",
      options: { body: "Hello there", data: { url: `${ORIGIN}/` } },
    });
    expect(campaignNotification(null, ORIGIN)).toMatchObject({
      title: "ShopRadar",
      options: { body: "", tag: undefined },
    });
    expect(campaignNotification("42", ORIGIN).options.body).toBe("42");
    expect(campaignNotification(JSON.stringify({ title: 5, body: ["x"] }), ORIGIN)).toMatchObject({
      title: "ShopRadar",
      options: { body: "" },
    });
  });

  test("only pages of the app's origin; anything else opens home", () => {
    expect(safeTarget("/rank?type=goods", ORIGIN)).toBe(`${ORIGIN}/rank?type=goods`);
    expect(safeTarget(`${ORIGIN}/trial`, ORIGIN)).toBe(`${ORIGIN}/trial`);
    for (const other of [
      "https://evil.example/phish",
      "//evil.example/x",
      "javascript:alert(1)",
      "http://app.shopradar.test/",
      7,
      null,
      "",
    ]) {
      expect(safeTarget(other, ORIGIN), String(other)).toBe(`${ORIGIN}/`);
    }
    expect(campaignNotification(JSON.stringify({ url: "https://evil.example/" }), ORIGIN).options.data).toEqual({
      url: `${ORIGIN}/`,
      campaign: "",
    });
  });
});

function fakeClients(urls: string[], navigateFails = false) {
  const log: string[] = [];
  const windows: WindowLike[] = urls.map((url) => {
    const client: WindowLike = {
      url,
      focus: async () => {
        log.push(`focus ${url}`);
        return client;
      },
      navigate: async (target) => {
        if (navigateFails) throw new TypeError("not controlled");
        log.push(`navigate ${url} -> ${target}`);
        return client;
      },
    };
    return client;
  });
  const clients: ClientsLike = {
    matchAll: async (options) => {
      log.push(`matchAll ${JSON.stringify(options)}`);
      return windows;
    },
    openWindow: async (url) => void log.push(`open ${url}`),
  };
  return { clients, log };
}

const notification = (data: unknown) => {
  const state = { closed: false };
  return { state, notification: { data, close: () => void (state.closed = true) } };
};

describe("a click on the notification", () => {
  test("focuses an open window of the app and takes it to the campaign's page", async () => {
    const { clients, log } = fakeClients(["https://elsewhere.test/", `${ORIGIN}/user`]);
    const { state, notification: clicked } = notification({ url: `${ORIGIN}/trial` });
    await openCampaign(clients, clicked, ORIGIN);
    expect(state.closed).toBe(true);
    expect(log).toEqual([
      `matchAll {"type":"window","includeUncontrolled":true}`,
      `focus ${ORIGIN}/user`,
      `navigate ${ORIGIN}/user -> ${ORIGIN}/trial`,
    ]);
  });

  test("opens a new window when none of the app is open", async () => {
    const { clients, log } = fakeClients(["https://elsewhere.test/"]);
    await openCampaign(clients, notification({ url: `${ORIGIN}/trial` }).notification, ORIGIN);
    expect(log.slice(1)).toEqual([`open ${ORIGIN}/trial`]);
  });

  test("a window it cannot navigate (not controlled) gets a new window instead", async () => {
    const { clients, log } = fakeClients([`${ORIGIN}/`], true);
    await openCampaign(clients, notification({ url: `${ORIGIN}/trial` }).notification, ORIGIN);
    expect(log.slice(1)).toEqual([`focus ${ORIGIN}/`, `open ${ORIGIN}/trial`]);
  });

  test("another origin in the notification's data opens the app's home", async () => {
    const { clients, log } = fakeClients([]);
    await openCampaign(clients, notification({ url: "https://evil.example/" }).notification, ORIGIN);
    await openCampaign(clients, notification(null).notification, ORIGIN);
    expect(log.filter((line) => line.startsWith("open"))).toEqual([`open ${ORIGIN}/`, `open ${ORIGIN}/`]);
  });
});
