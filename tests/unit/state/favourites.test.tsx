// Favourites against a fake data service: hearts on cards and detail pages like and unlike
// (PUT/DELETE with {type, id}), every heart of the same item agrees, a refused change goes
// back, the Me list follows, and a visitor's tap asks to log in.
import { beforeEach, describe, expect, test } from "vitest";
import { clearFavourites } from "../../../src/state/favourites";
import { removeToken, userState } from "../../../src/state/user";
import { fail } from "../helpers/data-server";
import { setUpDataTests, type View } from "../helpers/data-tests";
import { click, toastTexts, waitFor } from "../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;
let session = 0;

beforeEach(() => {
  clearFavourites();
  userState.token = `tok-${++session}`; // a new session loads the favourites again
});

const likeCalls = () =>
  server
    .calls("/api/v1/tikmeta/portal/like")
    .filter((call) => call.method !== "GET")
    .map((call) => `${call.method} ${call.rawBody}`);
const heartOf = (testId: string) =>
  view.byTestId(testId)!.querySelector<HTMLElement>('[data-testid="favourite-button"]')!;

describe("hearts", () => {
  test("a detail page's heart likes and unlikes the product; its card hearts agree", async () => {
    view = await open("/goodsDetail?id=g1");
    await waitFor(() => view.byTestId("detail-page"));
    await waitFor(() => server.calls("/api/v1/tikmeta/portal/like").length > 0); // favourites loaded
    const hero = view.container.querySelector<HTMLElement>('.detail-hero [data-testid="favourite-button"]')!;
    expect(hero.dataset.liked).toBe("false");
    await click(hero);
    await waitFor(() => toastTexts().includes("Added to favourites"));
    expect(hero.dataset.liked).toBe("true");
    expect(server.favourites).toEqual(["goods:g1"]);
    await click(hero);
    await waitFor(() => hero.dataset.liked === "false" && likeCalls().length === 2);
    expect(likeCalls()).toEqual(['PUT {"type":"goods","id":"g1"}', 'DELETE {"type":"goods","id":"g1"}']);
  });

  test("an influencer card's heart sends the influencer kind; a refused change goes back", async () => {
    view = await open("/goodsDetail?id=g1");
    await waitFor(() => view.byTestId("related-influencers"));
    const heart = heartOf("related-influencers");
    await click(heart);
    await waitFor(() => server.favourites.includes("influencer:i1"));
    server.replies.set("/api/v1/tikmeta/portal/like", fail(500, 500, "down"));
    await click(heart);
    await waitFor(() => likeCalls().length === 2);
    await waitFor(() => heart.dataset.liked === "true");
  });

  test("a visitor's tap opens the login prompt without calling the server", async () => {
    removeToken();
    view = await open("/");
    const heart = await waitFor(() => view.container.querySelector<HTMLElement>('[data-testid="favourite-button"]'));
    await click(heart);
    await waitFor(() => view.byTestId("login-prompt"));
    expect(server.calls("/api/v1/tikmeta/portal/like")).toHaveLength(0);
  });
});

describe("Me page list", () => {
  test("shows the favourites, filters by kind, and an unliked row leaves at once", async () => {
    server.favourites.push("video:v5", "goods:g2", "influencer:i3");
    view = await open("/user");
    const list = await waitFor(() =>
      view.byTestId("me-favourites")?.dataset.total === "3" ? view.byTestId("me-favourites") : null,
    );
    expect([...list.querySelectorAll('[data-testid="entity-row"]')].map((row) => row.getAttribute("data-id"))).toEqual([
      "v5",
      "g2",
      "i3",
    ]);
    await click(view.byTestId("favourites-tab-goods")!);
    await waitFor(() => view.byTestId("me-favourites")!.dataset.total === "1");
    expect(heartOf("me-favourites").dataset.liked).toBe("true");
    expect(server.calls("/api/v1/tikmeta/portal/like").at(-1)!.query.get("type")).toBe("goods");
    await click(heartOf("me-favourites"));
    await waitFor(() => view.byTestId("favourites-empty"));
    await waitFor(() => server.favourites.length === 2);
    expect(server.favourites).toEqual(["video:v5", "influencer:i3"]);
  });

  test("lists music and hashtags with their hearts and links, filtered by their tabs", async () => {
    server.favourites.push("hashtag:h4", "music:m2", "goods:g2");
    view = await open("/user");
    const list = await waitFor(() =>
      view.byTestId("me-favourites")?.dataset.total === "3" ? view.byTestId("me-favourites") : null,
    );
    const links = [...list.querySelectorAll('[data-testid="entity-row"] a')].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/hashtagDetail?id=h4", "/musicDetail?id=m2", "/goodsDetail?id=g2"]);
    expect(list.textContent).toContain("#tag1");
    await click(view.byRole("button", { name: "Music" }));
    await waitFor(() => view.byTestId("me-favourites")!.dataset.total === "1");
    expect(server.calls("/api/v1/tikmeta/portal/like").at(-1)!.query.get("type")).toBe("music");
    expect(view.byRole("button", { name: "Export CSV" })).not.toBeNull();
    await click(view.byRole("button", { name: "Hashtags" }));
    await waitFor(() => view.byTestId("me-favourites")!.dataset.total === "1");
    const heart = heartOf("me-favourites");
    expect(heart.dataset.liked).toBe("true");
    await click(heart);
    await waitFor(() => view.byTestId("favourites-empty"));
    await waitFor(() => server.favourites.length === 2);
    expect(server.favourites).toEqual(["music:m2", "goods:g2"]);
  });

  test("visitors see no list", async () => {
    removeToken();
    view = await open("/user");
    await waitFor(() => view.byTestId("sign-in-entry"));
    expect(view.byTestId("me-favourites")).toBeNull();
  });
});
