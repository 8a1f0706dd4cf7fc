// The invite screens against a fake marketing service on a real local HTTP server (the agreed
// wire shapes, snake_case): /fission with the real terms, the code and link, Copy link with its
// toast, Share through the system sheet, the poster link, "My invites" with each outcome in words,
// the counts and more rows at the end; /poster drawn on a (recording) canvas, shown as an image
// and saved as a PNG; /shareGetVip for a visitor (the offer, Sign up to claim) and for a
// signed-in user (the award with its end date, or "for new accounts").
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { formatDate } from "../../../../src/lib/format";
import { userState } from "../../../../src/state/user";
import { ok } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, toastTexts, waitFor } from "../../helpers/render-app";
import { recordingContext } from "../../features/invites/recording-context";

const { server, open } = await setUpDataTests();
let view: View;

const BASE = "/v1/user/charge/marketing";
const SHARE_URL = "http://localhost:3000/shareGetVip/1?ic=ANN7Q2";
const terms = { reward: { plan: "basic", days: 7, cap: 20 }, award: { plan: "basic", days: 3 } };
const invite = { invite_code: "ANN7Q2", share_url: SHARE_URL, ...terms, invited: 23, rewarded: 20 };

const record = (index: number, fields: Record<string, unknown> = {}) => ({
  invitee: `fri***${index}@example.com`,
  registered_at: new Date(Date.UTC(2026, 10, 20 - (index % 20), 9)).toISOString(),
  rewarded: true,
  refusal: null,
  plan: "basic",
  days: 7,
  ...fields,
});

/** 23 invitees, newest first: one of each refusal, then rewarded ones. */
const records = [
  record(1, { rewarded: false, refusal: "same_device", plan: null, days: 0 }),
  record(2, { rewarded: false, refusal: "same_address", plan: null, days: 0 }),
  record(3, { rewarded: false, refusal: "cap", plan: null, days: 0 }),
  record(4, { rewarded: false, refusal: "self", plan: null, days: 0 }),
  ...Array.from({ length: 19 }, (_, index) => record(index + 5)),
];

beforeEach(() => {
  userState.token = "tok";
  server.replies.set(`${BASE}/invite-code`, () => ok(invite));
  server.replies.set(`${BASE}/invite-offer`, () => ok(terms));
  server.replies.set(`${BASE}/invite-pick-records`, (request) => {
    const page = Number(request.query.get("page"));
    const size = Number(request.query.get("size"));
    return ok({ total: records.length, list: records.slice((page - 1) * size, page * size) });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await applyLocale("en");
});

/** The page may use the async Clipboard API (happy-dom has no isSecureContext). */
function secureContext() {
  Object.defineProperty(window, "isSecureContext", { configurable: true, value: true });
}

async function openFission() {
  view = await open("/fission");
  await waitFor(() => view.byTestId("fission-content")?.dataset.state === "ready");
  await waitFor(() => view.allByTestId("invite-record").length > 0);
}

describe("/fission", () => {
  test("how it works with the configured terms; the code and the invite link", async () => {
    await openFission();
    expect(view.byRole("heading", { name: "How it works" })).not.toBeNull();
    expect(view.byTestId("invite-step-reward")!.textContent).toBe(
      "You both get VIP: 7 days of Basic for you, 3 days of Basic for your friend.",
    );
    expect(view.byTestId("invite-cap")!.textContent).toMatch(/^Rewards for up to 20 friends\./);
    expect(view.byTestId("invite-code")!.textContent).toBe("ANN7Q2");
    expect((view.byLabel("Invite link") as HTMLInputElement).value).toBe(SHARE_URL);
    expect(view.byRole("link", { name: "Make a poster" }).getAttribute("href")).toBe("/poster");
  });

  test("the friend's award is left out when it is 0 days", async () => {
    server.replies.set(`${BASE}/invite-code`, () => ok({ ...invite, award: { plan: "basic", days: 0 } }));
    await openFission();
    expect(view.byTestId("invite-step-reward")!.textContent).toBe(
      "You get 7 days of Basic for each friend who signs up.",
    );
  });

  test("Copy link copies the share URL and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    secureContext();
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await openFission();
    await click(view.byRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(SHARE_URL);
    expect(toastTexts()).toContain("Copied successfully");
    expect(view.byTestId("copy-notice")).toBeNull();
  });

  test("Share opens the system sheet with the link; without one it copies", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { configurable: true, value: share });
    await openFission();
    await click(view.byRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: SHARE_URL, title: "ShopRadar" }));

    Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    const writeText = vi.fn(() => Promise.resolve());
    secureContext();
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    await click(view.byRole("button", { name: "Share" }));
    expect(writeText).toHaveBeenCalledWith(SHARE_URL);
  });

  test("My invites: counts, each outcome in words, more rows at the end", async () => {
    await openFission();
    expect(view.byRole("heading", { name: "My invites" })).not.toBeNull();
    expect(view.byTestId("invite-counts")!.textContent).toBe("23 friends invited, 20 rewarded");
    const rows = () => view.allByTestId("invite-record");
    expect(rows()).toHaveLength(20);
    const outcomes = rows()
      .slice(0, 5)
      .map((row) => row.querySelector(".invite-record__outcome")!.textContent);
    expect(outcomes).toEqual([
      "Same device",
      "Same network",
      "Reward limit reached",
      "Own account",
      "Rewarded +7 days",
    ]);
    expect(rows()[0].textContent).toContain("fri***1@example.com");
    expect(rows()[0].textContent).toContain(formatDate(records[0].registered_at, "en"));

    await click(view.byRole("button", { name: "Pull up to show more" }));
    await waitFor(() => rows().length === 23);
    expect(server.calls(`${BASE}/invite-pick-records`).map((call) => call.query.get("page"))).toEqual(["1", "2"]);
    expect(view.byTestId("load-more")!.dataset.status).toBe("none");
  });

  test("no invitees yet", async () => {
    server.replies.set(`${BASE}/invite-pick-records`, () => ok({ total: 0, list: [] }));
    server.replies.set(`${BASE}/invite-code`, () => ok({ ...invite, invited: 0, rewarded: 0 }));
    view = await open("/fission");
    await waitFor(() => view.byTestId("invite-records-empty"));
    expect(view.byTestId("invite-counts")!.textContent).toBe("0 friends invited, 0 rewarded");
  });

  test("in Thai, the steps and outcomes are Thai, not English", async () => {
    await applyLocale("th");
    await openFission();
    expect(view.byTestId("invite-step-reward")!.textContent).not.toMatch(/You both get/);
    expect(view.byTestId("invite-step-reward")!.textContent).toMatch(/[\u0E00-\u0E7F]/);
    const outcome = view.allByTestId("invite-record")[0].querySelector(".invite-record__outcome")!.textContent;
    expect(outcome).not.toBe("Same device");
    expect(outcome).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("/poster", () => {
  test("draws the poster with the code and the link's QR code, shows it and saves it as a PNG", async () => {
    const drawn = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(drawn.context as never);
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((callback) =>
      callback(new Blob(["png"], { type: "image/png" })),
    );
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:poster-1");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    view = await open("/poster");
    await waitFor(() => view.byTestId("poster-content")?.dataset.state === "ready");
    const image = view.byRole("img", { name: /invite code ANN7Q2/ });
    expect(image.getAttribute("src")).toBe("blob:poster-1");
    const save = view.byRole("link", { name: "Save poster" });
    expect(save.getAttribute("href")).toBe("blob:poster-1");
    expect(save.getAttribute("download")).toBe("shopradar-invite-ANN7Q2.png");
    expect(drawn.texts()).toEqual(expect.arrayContaining(["ShopRadar", "Join me on ShopRadar", "ANN7Q2"]));
    expect(drawn.texts().join(" ")).toContain("3 days of Basic");
    await act(async () => view.unmount());
    expect(revoke).toHaveBeenCalledWith("blob:poster-1");
  });

  test("a browser without a 2D canvas is told so", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    view = await open("/poster");
    await waitFor(() => view.byTestId("poster-content")?.dataset.state === "failed");
    expect(view.byRole("alert").textContent).toMatch(/cannot draw the poster/);
    expect(view.byRole("link", { name: "Save poster" })).toBeNull();
  });
});

describe("/shareGetVip", () => {
  test("a visitor sees the offer and Sign up to claim (no token sent)", async () => {
    userState.token = "";
    view = await open("/shareGetVip/1?ic=ANN7Q2");
    await waitFor(() => view.byTestId("invite-offer"));
    expect(view.byRole("heading", { name: "Your friend invited you to ShopRadar" })).not.toBeNull();
    expect(view.byTestId("invite-offer")!.textContent).toBe("Sign up with their link and get 3 days of Basic free.");
    expect(view.byRole("link", { name: "Sign up to claim" }).getAttribute("href")).toBe("/login");
    expect(server.calls(`${BASE}/invite-offer`)[0].headers.authorization).toBeUndefined();
  });

  test("signed in through an invite: the award and its end date", async () => {
    server.replies.set(`${BASE}/invitee-award`, () =>
      ok({
        inviter: "ann***@example.com",
        plan: "basic",
        days: 3,
        starts_at: "2026-11-27T09:00:00.000Z",
        end_time: "2026-11-30T09:00:00.000Z",
        refusal: null,
      }),
    );
    view = await open("/shareGetVip/1");
    const award = await waitFor(() => view.byTestId("invitee-award"));
    expect(award.dataset.award).toBe("granted");
    expect(award.textContent).toContain(
      `Thanks to ann***@example.com, you got 3 days of Basic, until ${formatDate("2026-11-30T09:00:00.000Z", "en")}.`,
    );
    expect(view.byRole("link", { name: "Sign up to claim" })).toBeNull();
  });

  test("signed in without an invite: the offer is for new accounts", async () => {
    server.replies.set(`${BASE}/invitee-award`, () => ok(null));
    view = await open("/shareGetVip/1");
    const award = await waitFor(() => view.byTestId("invitee-award"));
    expect(award.textContent).toBe("This offer is for new accounts.");
  });
});
