// Client error reports: redaction (query strings, e-mail addresses, phone numbers out; a stack's
// line:column kept), the report's fields, the wait for tracking (reports before the sender
// arrive in one batch, in order), the per-page cap, and the window's error events.
import { afterEach, expect, test } from "vitest";
import { describeError, redact } from "../../../../src/features/errors/describe";
import {
  installGlobalErrorHandlers,
  MAX_REPORTS_PER_PAGE,
  reportClientError,
  resetClientErrors,
  setClientErrorSender,
} from "../../../../src/features/errors/reporter";
import { APP_VERSION } from "../../../../src/lib/version";
import type { ClientErrorReport } from "../../../../contract/client-errors";

afterEach(resetClientErrors);

test("redact takes out query strings, e-mail addresses and phone numbers", () => {
  expect(redact("GET https://shop.example/api/v1/goods?keyword=shoes&page=2 failed")).toBe(
    "GET https://shop.example/api/v1/goods failed",
  );
  expect(redact("no account for jane.doe+shop@mail.example.com")).toBe("no account for [email]");
  expect(redact("bad phone +84 912 345 678 and 0912-345-678")).toBe("bad phone [number] and [number]");
  expect(redact("at render (https://app.example/assets/index-B3x9.js:1:2345678)")).toBe(
    "at render (https://app.example/assets/index-B3x9.js:1:2345678)",
  );
  expect(redact("Is it? Yes")).toBe("Is it? Yes");
});

test("describeError keeps the name, a redacted message and a short stack", () => {
  const error = new TypeError("user a@b.co not found");
  error.stack = [
    "TypeError: user a@b.co not found",
    ...Array.from({ length: 20 }, (_, i) => `  at f${i} (x.js:1:${i})`),
  ].join("\n");
  const report = describeError("boundary", error, "goods-detail", "1.2.3");
  expect(report).toMatchObject({ kind: "boundary", release: "1.2.3", route: "goods-detail", name: "TypeError" });
  expect(report.message).toBe("user [email] not found");
  expect(report.stack.split("\n")).toHaveLength(8);
  expect(report.stack).not.toContain("a@b.co");
  expect(describeError("unhandledrejection", "x".repeat(900), "index", "1").message).toHaveLength(500);
  expect(describeError("unhandledrejection", { code: 5 }, "index", "1")).toMatchObject({
    name: "object",
    message: '{"code":5}',
  });
});

test("reports wait for the sender, then go in order; later ones go at once; at most the cap per page", () => {
  history.replaceState(null, "", "/rank?keyword=secret");
  reportClientError("error", new Error("first"));
  reportClientError("unhandledrejection", new Error("second"));
  const sent: (ClientErrorReport & { event: string })[] = [];
  setClientErrorSender((event, report) => sent.push({ ...report, event }));
  expect(sent.map((r) => [r.kind, r.message, r.route, r.release])).toEqual([
    ["error", "first", "rank", APP_VERSION],
    ["unhandledrejection", "second", "rank", APP_VERSION],
  ]);
  for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) reportClientError("error", new Error(`n${i}`));
  expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  expect(new Set(sent.map((r) => r.event))).toEqual(new Set(["client_error"]));
});

test("window errors and unhandled rejections are reported with their kind", () => {
  const target = new EventTarget() as unknown as Window;
  installGlobalErrorHandlers(target);
  const sent: (ClientErrorReport & { event: string })[] = [];
  setClientErrorSender((event, report) => sent.push({ ...report, event }));
  target.dispatchEvent(Object.assign(new Event("error"), { error: new RangeError("too far"), message: "too far" }));
  target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: new Error("no answer") }));
  expect(sent.map((r) => [r.kind, r.name, r.message])).toEqual([
    ["error", "RangeError", "too far"],
    ["unhandledrejection", "Error", "no answer"],
  ]);
});
