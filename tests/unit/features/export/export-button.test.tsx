// Export CSV (features/export) against a real local HTTP server: the download sends the API
// client's headers and token and saves the CSV under its name; refusals go through the error
// catalogue (803 raises the upgrade check, 401 asks to sign in) and nothing is saved.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { apiConfig, configureApi, type ApiClientConfig, type UiEffects } from "../../../../src/api/client";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { ToastHost } from "../../../../src/components/Toast";
import { ExportButton } from "../../../../src/features/export/ExportButton";
import { downloadCsv } from "../../../../src/features/export/download-csv";
import { sendJson, startTestServer, type TestServer } from "../../helpers/test-server";
import { click, renderUi, toastTexts, waitFor } from "../../helpers/render-app";

const CSV = "\uFEFFrank,title\r\n1,Son môi lì\r\n";
let server: TestServer;
let effects: string[];
let token: string | undefined;
let saved: Array<{ name: string; text: string }>;
let original: ApiClientConfig;

const recordingEffects: UiEffects = {
  removeToken: () => effects.push("removeToken"),
  openLoginDialog: () => effects.push("openLoginDialog"),
  toast: (message) => effects.push(`toast:${message}`),
  raiseUpgradeCheck: (code) => effects.push(`upgradeCheck:${code}`),
  raiseGoogleCheck: () => effects.push("googleCheck"),
};

beforeAll(async () => {
  await applyLocale("en");
  server = await startTestServer((request, response) => {
    const auth = request.headers.authorization;
    if (!auth) return sendJson(response, 401, { code: 401, msg: "Please sign in", data: null });
    if (auth.endsWith("free"))
      return sendJson(response, 403, { code: 803, msg: "Insufficient permissions", data: null });
    if (request.query.get("sort") === "nope")
      return sendJson(response, 400, { code: 400, msg: "sort 'nope' is not a figure", data: null });
    response.writeHead(200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="shopradar-goods.csv"',
    });
    response.end(CSV);
  });
  original = { ...apiConfig };
});
afterAll(async () => {
  configureApi(original);
  await server.close();
});

beforeEach(() => {
  effects = [];
  saved = [];
  token = "premium";
  server.requests.length = 0;
  configureApi({
    baseURL: server.url,
    context: { locale: () => "vi", systemId: () => 14, token: () => token },
    uiEffects: recordingEffects,
  });
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  // The browser's download: what the link would save, read back from the blob.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!;
    const name = this.download;
    void blob.text().then((text) => saved.push({ name, text }));
  });
});
afterEach(() => vi.restoreAllMocks());

describe("downloadCsv", () => {
  test("sends the client's headers and token and saves the file under the server's name", async () => {
    expect(await downloadCsv("/api/v1/export/rank/goods?window=7d&sort=price")).toBe("shopradar-goods.csv");
    const [request] = server.requests;
    expect(request.path).toBe("/api/v1/export/rank/goods");
    expect(request.query.get("sort")).toBe("price");
    expect(request.headers.authorization).toBe("premium");
    expect(request.headers["system-id"]).toBe("14");
    await waitFor(() => saved.length === 1);
    expect(saved[0].name).toBe("shopradar-goods.csv");
    expect(saved[0].text).toContain("Son môi lì");
    expect(effects).toEqual([]);
  });

  test("803 raises the upgrade check, a visitor is asked to sign in, and nothing is saved", async () => {
    token = "free";
    await expect(downloadCsv("/api/v1/export/favourites?type=goods")).rejects.toMatchObject({
      code: 803,
      handled: true,
    });
    expect(effects).toEqual(["upgradeCheck:803"]);
    token = undefined;
    effects = [];
    await expect(downloadCsv("/api/v1/export/favourites?type=goods")).rejects.toMatchObject({ code: 401 });
    expect(effects).toEqual(["removeToken", "openLoginDialog"]);
    expect(saved).toEqual([]);
  });
});

describe("ExportButton", () => {
  test("is named Export CSV, downloads, and toasts a refusal the catalogue has no effect for", async () => {
    const view = await renderUi(
      <>
        <ExportButton href="/api/v1/export/rank/goods?sort=nope" filename="list.csv" />
        <ToastHost />
      </>,
    );
    const button = (await waitFor(() => view.byTestId("export-csv"))) as HTMLButtonElement;
    expect(button.textContent).toBe("Export CSV");
    await click(button);
    await waitFor(() => server.requests.length === 1 && !button.disabled);
    await waitFor(() => toastTexts().includes("sort 'nope' is not a figure"));
    expect(saved).toEqual([]);
    await view.unmount();
  });
});
