// The activity pages against a fake marketing service on a real local HTTP server (the agreed
// wire shapes): /campaign's claim panel (the time left on the server's clock even when the
// device's clock is off, what a claim gives, Claim VIP asking a visitor to sign in, the claimed
// state, each refusal in words, "Starts on" before the start, "ended" after it, an unknown
// campaign), /GetVip asking by code, /welfare's offers (simple-all by marketing_id, Receive then
// Buy now, the first-month list without an id) and /newUserActivity's trial, discount and award.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { closePhoneCollection } from "../../../../src/features/new-user/phone-collection-flag";
import { formatDate } from "../../../../src/lib/format";
import { userState } from "../../../../src/state/user";
import { fail, ok } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;

const PORTAL = "/api/v1/tikmeta/portal/user";
const MARKETING = "/v1/user/charge/marketing";
const DAY = 86_400_000;
/** The server's clock is an hour behind the device's. */
const SKEW = -3_600_000;

function activity(fields: Record<string, unknown> = {}) {
  const serverNow = Date.now() + SKEW;
  return {
    campaign: "launch",
    title: "Launch week",
    description: "VIP for everyone who joins this week.",
    starts_at: new Date(serverNow - DAY).toISOString(),
    ends_at: new Date(serverNow + 2 * DAY + 3 * 3_600_000 + 4 * 60_000 + 5_500).toISOString(),
    server_time: new Date(serverNow).toISOString(),
    status: "running",
    code: "WELCOME7",
    plan: "basic",
    days: 7,
    claimed: userState.token ? false : null,
    claimed_at: null,
    end_time: null,
    ...fields,
  };
}

const END_TIME = "2031-05-20T10:00:00.000Z";

beforeEach(() => {
  userState.token = "tok";
  server.replies.set(`${PORTAL}/queryActivity`, () => ok(activity()));
  server.replies.set(`${PORTAL}/receive/WELCOME7`, () =>
    ok({ plan: "basic", days: 7, starts_at: "2031-05-13T10:00:00.000Z", end_time: END_TIME }),
  );
});

afterEach(() => {
  closePhoneCollection();
  vi.restoreAllMocks();
});

async function openPanel(path = "/campaign") {
  view = await open(path);
  return waitFor(() => view.byTestId("claim-panel"));
}

const claimButton = () => view.byRole("button", { name: "Claim VIP" }) as HTMLButtonElement | null;

describe("/campaign", () => {
  test("title, what a claim gives, and the time left on the server's clock", async () => {
    const panel = await openPanel();
    expect(view.byRole("heading", { name: "Launch week" })).not.toBeNull();
    expect(view.byTestId("activity-gives")!.textContent).toBe("Claim 7 days of Basic free, once per account.");
    const timer = view.byRole("timer", { name: "Time left" });
    // 2d 03:04:05 on the server's clock; the device's clock (an hour ahead) would say 2d 02:04.
    expect(timer.textContent).toMatch(/^Ends in 2d 03:04:0[0-6]$/);
    expect(panel.dataset.status).toBe("running");
    expect(claimButton()!.disabled).toBe(false);
    const query = server.calls(`${PORTAL}/queryActivity`)[0].query;
    expect(query.get("code")).toBeNull();
    expect(query.get("campaign")).toBeNull();
  });

  test("?campaign= asks for that campaign", async () => {
    await openPanel("/campaign?campaign=spring");
    expect(server.calls(`${PORTAL}/queryActivity`)[0].query.get("campaign")).toBe("spring");
  });

  test("a visitor's Claim VIP opens the login prompt and claims nothing", async () => {
    userState.token = "";
    await openPanel();
    await click(claimButton()!);
    expect(userState.loginDialogVisible).toBe(true);
    expect(server.calls(`${PORTAL}/receive/WELCOME7`)).toHaveLength(0);
  });

  test("a claim shows its success state with the plan's end date", async () => {
    await openPanel();
    await click(claimButton()!);
    const claimed = await waitFor(() => view.byTestId("activity-claimed"));
    expect(claimed.textContent).toContain(`Claimed! Basic until ${formatDate(END_TIME, "en")}`);
    expect(claimed.dataset.endTime).toBe(END_TIME);
    expect(claimButton()).toBeNull();
    expect(server.calls(`${PORTAL}/receive/WELCOME7`)).toHaveLength(1);
  });

  test("an activity already claimed shows the claimed state without the button", async () => {
    server.replies.set(`${PORTAL}/queryActivity`, () =>
      ok(activity({ claimed: true, claimed_at: "2031-05-13T10:00:00.000Z", end_time: END_TIME })),
    );
    await openPanel();
    await waitFor(() => view.byTestId("activity-claimed"));
    expect(claimButton()).toBeNull();
  });

  test("a second claim is refused in words, then shows the claim", async () => {
    let claimed = false;
    server.replies.set(`${PORTAL}/queryActivity`, () =>
      ok(activity(claimed ? { claimed: true, end_time: END_TIME } : {})),
    );
    server.replies.set(`${PORTAL}/receive/WELCOME7`, () => {
      claimed = true;
      return fail(409, 71013, "You have already claimed this activity's VIP");
    });
    await openPanel();
    await click(claimButton()!);
    const alert = await waitFor(() => view.byRole("alert"));
    expect(alert.textContent).toBe("You have already claimed this activity's VIP");
    await waitFor(() => view.byTestId("activity-claimed"));
  });

  test("a claim after the end turns the panel to ended", async () => {
    server.replies.set(`${PORTAL}/receive/WELCOME7`, () => fail(409, 71012, "This activity has ended"));
    const panel = await openPanel();
    await click(claimButton()!);
    await waitFor(() => panel.dataset.status === "ended");
    expect(view.byTestId("activity-status")!.textContent).toBe("This activity has ended");
    expect(claimButton()!.disabled).toBe(true);
    expect(view.byRole("timer")).toBeNull();
  });

  test("ended: said so, button disabled, no timer", async () => {
    server.replies.set(`${PORTAL}/queryActivity`, () => ok(activity({ status: "ended" })));
    await openPanel();
    expect(view.byTestId("activity-status")!.textContent).toBe("This activity has ended");
    expect(claimButton()!.disabled).toBe(true);
    expect(view.byRole("timer")).toBeNull();
  });

  test("not started: the start date, button disabled", async () => {
    const startsAt = "2031-06-01T10:00:00.000Z";
    server.replies.set(`${PORTAL}/queryActivity`, () => ok(activity({ status: "not_started", starts_at: startsAt })));
    await openPanel();
    expect(view.byTestId("activity-status")!.textContent).toBe(`Starts on ${formatDate(startsAt, "en")}`);
    expect(claimButton()!.disabled).toBe(true);
  });

  test("sold out is refused in words", async () => {
    server.replies.set(`${PORTAL}/receive/WELCOME7`, () =>
      fail(409, 71014, "All of this activity's VIP has been claimed"),
    );
    await openPanel();
    await click(claimButton()!);
    expect((await waitFor(() => view.byRole("alert"))).textContent).toBe("All of this activity's VIP has been claimed");
  });

  test("an unknown campaign says so", async () => {
    server.replies.set(`${PORTAL}/queryActivity`, () => fail(404, 71010, "Activity not found"));
    view = await open("/campaign?campaign=nope");
    await waitFor(() => view.byTestId("activity-not-found"));
    expect(claimButton()).toBeNull();
  });
});

describe("/GetVip", () => {
  test("asks by code and claims that code", async () => {
    server.replies.set(`${PORTAL}/queryActivity`, () => ok(activity({ code: "SPRING3", days: 3 })));
    server.replies.set(`${PORTAL}/receive/SPRING3`, () =>
      ok({ plan: "basic", days: 3, starts_at: "2031-05-13T10:00:00.000Z", end_time: END_TIME }),
    );
    await openPanel("/GetVip?code=SPRING3");
    expect(server.calls(`${PORTAL}/queryActivity`)[0].query.get("code")).toBe("SPRING3");
    expect(view.byTestId("activity-gives")!.textContent).toBe("Claim 3 days of Basic free, once per account.");
    await click(claimButton()!);
    await waitFor(() => view.byTestId("activity-claimed"));
    expect(server.calls(`${PORTAL}/receive/SPRING3`)).toHaveLength(1);
  });
});

const simple = (fields: Record<string, unknown> = {}) => ({
  marketing_id: 1002,
  group_num: 1,
  code: "Basic19.9",
  marketing_type: 7,
  plan: "basic",
  months: 12,
  cycle_unit: "y",
  actual_amount: 19.9,
  original_amount: 199,
  percent_off: 90,
  starts_at: null,
  ends_at: null,
  ...fields,
});
const item = (fields: Record<string, unknown> = {}) => {
  const { starts_at: _s, ends_at: _e, ...rest } = simple(fields);
  return { rule_desc: "", usable: true, usable_end_time: null, received: false, ...rest, ...fields };
};

describe("/welfare and /trial", () => {
  test("the discounts of marketing_id: Receive, then Buy now to checkout; the channel goes with the view", async () => {
    const usableUntil = new Date(Date.now() + 7 * DAY).toISOString();
    server.replies.set(`${MARKETING}/list/simple-all`, () => ok([simple()]));
    server.replies.set(`${MARKETING}/list/pay-discounts`, () => ok([]));
    server.replies.set(`${MARKETING}/receive-discount`, () =>
      ok(item({ received: true, usable_end_time: usableUntil })),
    );
    view = await open("/welfare?marketing_id=1002&channel_id=9");
    await waitFor(() => view.byTestId("welfare-page")?.dataset.state === "ready");
    expect(JSON.parse(server.calls(`${MARKETING}/list/simple-all`)[0].rawBody)).toEqual({ marketing_ids: [1002] });
    expect(view.byRole("heading", { name: "Offers for members" })).not.toBeNull();
    const offer = view.byTestId("offer")!;
    expect(offer.textContent).toContain("Basic · Yearly");
    expect(view.byTestId("offer-price")!.textContent).toBe("US$19.90");
    expect(view.byTestId("offer-original")!.textContent).toBe("US$199.00");
    expect(view.byTestId("offer-percent")!.textContent).toBe("90% off");
    expect(view.byRole("link", { name: "Buy now" })).toBeNull();
    await click(view.byRole("button", { name: "Receive" }));
    const buy = await waitFor(() => view.byRole("link", { name: "Buy now" }));
    expect(JSON.parse(server.calls(`${MARKETING}/receive-discount`)[0].rawBody)).toEqual({
      marketing_id: 1002,
      group_num: 1,
    });
    expect(view.byRole("timer").textContent).toBe(`Ends on ${formatDate(usableUntil, "en")}`);
    expect(buy.getAttribute("href")).toBe("/checkout?marketing_id=1002&group_num=1");
    expect(userState.channelId).toBe("9");
    expect(view.byRole("link", { name: "Invite friends" }).getAttribute("href")).toBe("/fission");
    expect(view.byRole("link", { name: "Get 3 days of Basic free" }).getAttribute("href")).toBe("/getThreeDayVip");
  });

  test("a type-7 discount already received can be bought at once", async () => {
    server.replies.set(`${MARKETING}/list/simple-all`, () => ok([simple()]));
    server.replies.set(`${MARKETING}/list/pay-discounts`, () => ok([item({ received: true })]));
    view = await open("/trial?marketing_id=1002");
    await waitFor(() => view.byRole("link", { name: "Buy now" }));
    expect(view.byRole("button", { name: "Receive" })).toBeNull();
    expect(server.calls(`${MARKETING}/list/pay-discounts`)[0].query.get("marketing_type")).toBe("7");
  });

  test("without marketing_id: the first-month list, anonymous for a visitor", async () => {
    userState.token = "";
    server.replies.set(`${MARKETING}/list/anonymous/pay-discounts`, () =>
      ok([
        item({
          marketing_id: 1001,
          code: "Basic9.9",
          marketing_type: 5,
          months: 1,
          actual_amount: 9.9,
          original_amount: 19.9,
          percent_off: 50,
        }),
      ]),
    );
    view = await open("/trial");
    const buy = await waitFor(() => view.byRole("link", { name: "Buy now" }));
    expect(buy.getAttribute("href")).toBe("/checkout?marketing_id=1001&group_num=1");
    expect(server.calls(`${MARKETING}/list/anonymous/pay-discounts`)[0].query.get("marketing_type")).toBe("5");
  });

  test("no offers: said so", async () => {
    server.replies.set(`${MARKETING}/list/pay-discounts`, () => ok([]));
    view = await open("/welfare");
    await waitFor(() => view.byTestId("offers-empty"));
  });
});

describe("/newUserActivity", () => {
  test("the trial, the first-month discount, the invitee award and the phone tips", async () => {
    server.replies.set(`${MARKETING}/list/pay-discounts`, () =>
      ok([
        item({
          marketing_id: 1001,
          code: "Basic9.9",
          marketing_type: 5,
          months: 1,
          actual_amount: 9.9,
          original_amount: 19.9,
          percent_off: 50,
        }),
      ]),
    );
    server.replies.set(`${MARKETING}/invitee-award`, () =>
      ok({ inviter: "ann***@example.com", plan: "basic", days: 3, starts_at: null, end_time: END_TIME, refusal: null }),
    );
    server.replies.set(`${MARKETING}/phone-collection`, () => ok(null));
    view = await open("/newUserActivity");
    await waitFor(() => view.byTestId("new-user-activity-page"));
    expect(view.byTestId("new-user-trial")!.textContent).toContain("1 day of Basic");
    await waitFor(() => view.byTestId("new-user-discount"));
    expect(view.byTestId("offer-price")!.textContent).toBe("US$9.90");
    const award = await waitFor(() => view.byTestId("new-user-award"));
    expect(award.textContent).toBe(`Your invite award: 3 days of Basic, until ${formatDate(END_TIME, "en")}.`);
    await click(view.byRole("button", { name: "Get tips on WhatsApp/Zalo" }));
    await waitFor(() => view.byRole("dialog", { name: "Get tips on WhatsApp/Zalo" }));
    await waitFor(() => view.byLabel("Phone number"));
  });

  test("a visitor's phone tips ask to sign in", async () => {
    userState.token = "";
    server.replies.set(`${MARKETING}/list/anonymous/pay-discounts`, () => ok([]));
    view = await open("/newUserActivity");
    await waitFor(() => view.byTestId("new-user-activity-page"));
    await click(view.byRole("button", { name: "Get tips on WhatsApp/Zalo" }));
    expect(userState.loginDialogVisible).toBe(true);
    expect(view.byRole("dialog", { name: "Get tips on WhatsApp/Zalo" })).toBeNull();
  });
});
