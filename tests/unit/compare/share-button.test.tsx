// "Share" on a detail: the system share sheet with the page's title and link where the browser
// has navigator.share (closing it does nothing), else the link is copied with the copy-link
// toast; a share the browser refuses falls back to copying.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ShareButton } from "../../../src/components/ShareButton";
import { ToastHost } from "../../../src/components/Toast";
import { setUpDataTests, type View } from "../helpers/data-tests";
import { click, toastTexts, waitFor } from "../helpers/render-app";

const { mount } = await setUpDataTests();
let view: View;
let copied: string[];
const LINK = "https://shop.example/goodsDetail?id=g1";

beforeEach(() => {
  copied = [];
  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
  Object.defineProperty(navigator, "clipboard", {
    value: { writeText: async (text: string) => void copied.push(text) },
    configurable: true,
  });
});

afterEach(() => {
  Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
});

const shareWith = (share: (data: ShareData) => Promise<void>) =>
  Object.defineProperty(navigator, "share", { value: share, configurable: true });

describe("ShareButton", () => {
  test("opens the share sheet with the title and link", async () => {
    const shared: ShareData[] = [];
    shareWith(async (data) => void shared.push(data));
    view = await mount(<ShareButton link={LINK} title="Product 1" />);
    await click(view.byRole("button", { name: "Share" }));
    expect(shared).toEqual([{ title: "Product 1", url: LINK }]);
    expect(copied).toEqual([]);
  });

  test("closing the sheet copies nothing", async () => {
    shareWith(() => Promise.reject(new DOMException("closed", "AbortError")));
    view = await mount(<ShareButton link={LINK} title="Product 1" />);
    await click(view.byRole("button", { name: "Share" }));
    expect(copied).toEqual([]);
  });

  test("copies the link without navigator.share, and when the browser refuses to share", async () => {
    view = await mount(
      <>
        <ShareButton link={LINK} title="Product 1" />
        <ToastHost />
      </>,
    );
    await click(view.byRole("button", { name: "Share" }));
    await waitFor(() => toastTexts().includes("Copied successfully"));
    expect(copied).toEqual([LINK]);

    shareWith(() => Promise.reject(new DOMException("not allowed", "NotAllowedError")));
    await click(view.byRole("button", { name: "Share" }));
    await waitFor(() => copied.length === 2);
    expect(copied).toEqual([LINK, LINK]);
  });
});
