// Shared UI pieces: the Popup's positions, animation, mask rule, scroll lock and
// desktop size; Dialog; the load-more states; the thumbnail rule; and the upgrade dialog and
// permission-detail popup as the error catalogue raises them.
import { act, useEffect, useState } from "react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ApiError, createApiClient, apiConfig, configureApi } from "../../../src/api/client";
import { OverlayHost } from "../../../src/app/OverlayHost";
import { Dialog } from "../../../src/components/Dialog";
import { LoadMore, type LoadMoreStatus } from "../../../src/components/LoadMore";
import { Popup, POPUP_ANIMATION_MS, POPUP_POSITIONS, type PopupPosition } from "../../../src/components/Popup";
import { lockScroll } from "../../../src/platform/scroll-lock";
import { Thumbnail, thumbnailUrl } from "../../../src/components/Thumbnail";
import { isDesktopViewport } from "../../../src/hooks/use-desktop-viewport";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { closePlanDetails, closeUpgradeCheck, priceState } from "../../../src/state/price";
import { hideLoginDialog, removeToken, userState } from "../../../src/state/user";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { click, renderUi, waitFor } from "../helpers/render-app";
import { sendJson, startTestServer } from "../helpers/test-server";

let view: Awaited<ReturnType<typeof renderUi>> | undefined;

beforeAll(() => applyLocale("en"));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  closeUpgradeCheck();
  closePlanDetails();
  hideLoginDialog();
  vi.useRealTimers();
});

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

function Harness({ position, maskClosable }: { position: PopupPosition; maskClosable?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" data-testid="reopen" onClick={() => setOpen(true)} />
      <Popup
        open={open}
        position={position}
        maskClosable={maskClosable}
        onClose={() => setOpen(false)}
        testId="popup"
        label="Test popup"
      >
        <p>content</p>
      </Popup>
    </>
  );
}

describe("Popup", () => {
  test.each(POPUP_POSITIONS)(
    "%s: opens animated, locks scrolling, mask click closes after 300 ms",
    async (position) => {
      view = await renderUi(<Harness position={position} />);
      const panel = view.byTestId("popup")!;
      expect(panel.dataset.position).toBe(position);
      await waitFor(() => view!.byTestId("popup-mask")!.classList.contains("popup--shown"));
      expect(document.body.style.overflow).toBe("hidden");
      await click(view.byTestId("popup-mask")!);
      expect(view.byTestId("popup-mask")!.classList.contains("popup--shown")).toBe(false);
      expect(view.byTestId("popup")).not.toBeNull(); // still animating out
      await wait(POPUP_ANIMATION_MS + 20);
      expect(view.byTestId("popup")).toBeNull();
      expect(document.body.style.overflow).toBe("");
    },
  );

  test("a click inside the panel does not close it; with maskClosable false the mask does not either", async () => {
    view = await renderUi(<Harness position="bottom" maskClosable={false} />);
    await click(view.byTestId("popup")!);
    await click(view.byTestId("popup-mask")!);
    await wait(POPUP_ANIMATION_MS + 20);
    expect(view.byTestId("popup")).not.toBeNull();
  });

  test("Escape asks to close", async () => {
    view = await renderUi(<Harness position="center" />);
    await act(async () => {
      view!.byTestId("popup")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    await wait(POPUP_ANIMATION_MS + 20);
    expect(view.byTestId("popup")).toBeNull();
  });

  test("nested locks release the page only when the last one ends", () => {
    document.body.style.overflow = "scroll";
    const first = lockScroll();
    const second = lockScroll();
    first();
    first();
    expect(document.body.style.overflow).toBe("hidden");
    second();
    expect(document.body.style.overflow).toBe("scroll");
    document.body.style.overflow = "";
  });

  test("desktop size from 500 px in both directions", async () => {
    expect(isDesktopViewport(499, 900)).toBe(false);
    expect(isDesktopViewport(900, 499)).toBe(false);
    expect(isDesktopViewport(500, 500)).toBe(true);
    const { innerWidth, innerHeight } = window;
    Object.assign(window, { innerWidth: 1024, innerHeight: 768 });
    view = await renderUi(<Harness position="bottom" />);
    expect(view.byTestId("popup-mask")!.classList.contains("popup--desktop")).toBe(true);
    await act(async () => {
      Object.assign(window, { innerWidth: 390, innerHeight: 844 });
      window.dispatchEvent(new Event("resize"));
    });
    expect(view.byTestId("popup-mask")!.classList.contains("popup--desktop")).toBe(false);
    Object.assign(window, { innerWidth, innerHeight });
  });
});

describe("Dialog", () => {
  test("title, message, both buttons; the mask does not close it", async () => {
    const events: string[] = [];
    view = await renderUi(
      <Dialog
        testId="d"
        title="Title"
        message="Message"
        confirmLabel="OK"
        cancelLabel="Cancel"
        onConfirm={() => events.push("ok")}
        onCancel={() => events.push("cancel")}
      />,
    );
    expect(view.byTestId("d-title")!.textContent).toBe("Title");
    expect(view.byTestId("d-message")!.textContent).toBe("Message");
    await click(view.byTestId("d-mask")!);
    await click(view.byTestId("d-cancel")!);
    await click(view.byTestId("d-confirm")!);
    expect(events).toEqual(["cancel", "ok"]);
  });
});

describe("LoadMore", () => {
  test.each<[LoadMoreStatus, string]>([
    ["more", "Pull up to show more"],
    ["loading", "Loading…"],
    ["none", "No more data"],
  ])("%s", async (status, text) => {
    view = await renderUi(<LoadMore status={status} />);
    expect(view.byTestId("load-more")!.dataset.status).toBe(status);
    expect(view.byTestId("load-more")!.textContent).toBe(text);
  });
});

describe("Thumbnail", () => {
  test("360 px for content, 64 px for avatars, in a box of fixed size", async () => {
    expect(thumbnailUrl("/api/v1/images/goods/g1.webp", "content")).toBe("/api/v1/images/goods/g1.webp?w=360");
    expect(thumbnailUrl("/api/v1/images/influencer/i1.webp", "avatar")).toBe("/api/v1/images/influencer/i1.webp?w=64");
    view = await renderUi(<Thumbnail src="/api/v1/images/goods/g1.webp" kind="content" size={56} />);
    const box = view.byTestId("thumbnail")!;
    expect([box.style.width, box.style.height]).toEqual(["56px", "56px"]);
    const img = box.querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("loading")]).toEqual([
      "56",
      "56",
      "lazy",
    ]);
  });

  test("a failed image leaves the grey box for that URL only (list rows reuse their thumbnail)", async () => {
    const setter: { show: (src: string) => void } = { show: () => undefined };
    const show = (src: string) => setter.show(src);
    function Reused() {
      const [src, setSrc] = useState("/api/v1/images/goods/broken.webp");
      useEffect(() => {
        setter.show = setSrc;
      }, []);
      return <Thumbnail src={src} kind="content" size={56} />;
    }
    view = await renderUi(<Reused />);
    const first = view.byTestId("thumbnail")!.querySelector("img")!;
    await act(async () => {
      first.dispatchEvent(new Event("error"));
    });
    expect(view.byTestId("thumbnail")!.querySelector("img")).toBeNull();
    await act(async () => show("/api/v1/images/goods/g2.webp"));
    const next = view.byTestId("thumbnail")!.querySelector("img")!;
    expect(next.getAttribute("src")).toBe("/api/v1/images/goods/g2.webp?w=360");
    expect(next).not.toBe(first);
  });
});

describe("upgrade dialog and permission details", () => {
  test.each([
    [801, "Usage has been used up today", "Your daily detail views are used up. Become a member for unlimited use."],
    [802, "Usage has been used up today", "You have used free access to Search, please upgrade your memberships."],
    [803, "Insufficient permissions", "Upgrade to unlock more features."],
  ])("a signed-in user's %i opens it; Upgrade membership goes to /checkout", async (code, title, message) => {
    const server = await startTestServer((_request, response) =>
      sendJson(response, 403, { code, msg: title, data: null }),
    );
    bindApiToStores();
    const api = createApiClient({ ...apiConfig, baseURL: server.url });
    userState.token = "tok";
    view = await renderUi(<OverlayHost />, "/goodsDetail?id=g1");
    await act(async () => {
      await api("/api/v1/goods/g1").catch((error: unknown) => expect(error).toBeInstanceOf(ApiError));
    });
    await waitFor(() => view!.byTestId("upgrade-dialog"));
    expect(view.byTestId("upgrade-dialog-title")!.textContent).toBe(title);
    expect(view.byTestId("upgrade-dialog-message")!.textContent).toBe(message);
    expect(view.byTestId("upgrade-dialog-cancel")!.textContent).toBe("Cancel");
    await click(view.byTestId("upgrade-dialog-confirm")!);
    expect(view.location()).toBe("/checkout");
    expect(priceState.showCheckPopup).toBe(false);
    removeToken();
    await server.close();
  });

  test("a visitor gets the login prompt instead", async () => {
    const server = await startTestServer((_request, response) =>
      sendJson(response, 403, { code: 801, msg: "", data: null }),
    );
    bindApiToStores();
    const api = createApiClient({ ...apiConfig, baseURL: server.url });
    removeToken();
    view = await renderUi(<OverlayHost />);
    await act(async () => {
      await api("/api/v1/goods/g1").catch(() => undefined);
    });
    await waitFor(() => view!.byTestId("login-prompt"));
    expect(view.byTestId("upgrade-dialog")).toBeNull();
    await server.close();
  });

  test("the plans link opens what each plan unlocks, as the server's matrix says", async () => {
    const limits = (listRows: number | null, dailyDetailViews: number | null) => ({
      list_rows: listRows,
      daily_detail_views: dailyDetailViews,
      daily_searches: null,
      monitor_accounts: 2,
      windows: ["24h"],
      trend_days: [7],
      features: listRows === null ? ["custom-range"] : [],
    });
    const matrix = {
      anonymous: limits(4, 0),
      free: limits(40, 9),
      basic: limits(200, null),
      premium: limits(500, null),
      pro: limits(null, null),
    };
    let failing = true;
    const server = await startTestServer((request, response) =>
      request.path === "/api/v1/plans" && !failing
        ? sendJson(response, 200, { code: 0, msg: "success", data: matrix })
        : sendJson(response, 503, {}),
    );
    const baseURL = apiConfig.baseURL;
    configureApi({ baseURL: server.url });
    try {
      priceState.dialogType = 803;
      priceState.showCheckPopup = true;
      view = await renderUi(<OverlayHost />);
      await click(await waitFor(() => view!.byTestId("upgrade-dialog-plans")));
      // A failed read offers a retry instead of a made-up table.
      await waitFor(() => view!.byTestId("plan-details-failed"));
      failing = false;
      await click(view.byTestId("plan-details-failed")!.querySelector("button")!);
      const details = await waitFor(() =>
        view!.byTestId("plan-details")?.querySelector("table") ? view!.byTestId("plan-details") : null,
      );
      const freeRow = [...details.querySelectorAll("tr")].find((row) =>
        row.textContent?.startsWith("Detail views per day"),
      )!;
      expect([...freeRow.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([
        "9",
        "Unlimited",
        "Unlimited",
        "Unlimited",
      ]);
      expect(view.byTestId("plan-details-visitor")!.textContent).toContain("top 4 rows");
      expect(view.byTestId("upgrade-dialog")).toBeNull();
      await click(view.byTestId("plan-details-close")!);
      await wait(POPUP_ANIMATION_MS + 20);
      expect(view.byTestId("plan-details")).toBeNull();
    } finally {
      configureApi({ baseURL });
      await server.close();
    }
  });
});
