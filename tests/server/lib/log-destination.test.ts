// The process's asynchronous log destination (server/lib/logger.ts): every line reaches the file
// whole and in order, multi-byte text included, through batches, flush and flushSync.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, expect, it } from "vitest";
import { asyncLogDestination } from "../../../server/lib/logger";

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function logFile(): { file: string; fd: number } {
  dir = mkdtempSync(path.join(tmpdir(), "shopradar-log-"));
  const file = path.join(dir, "out.log");
  return { file, fd: openSync(file, "w") };
}

it("writes every line whole and in order, Thai and Chinese included, across many batches", async () => {
  const { file, fd } = logFile();
  const destination = asyncLogDestination(fd);
  const lines = Array.from(
    { length: 3_000 },
    (_, i) => `{"n":${i},"url":"/api/v1/search/goods?keyword=${i % 3 ? "ครีมกันแดด" : "防晒霜"}"}\n`,
  );
  lines.push(`{"big":"${"ế".repeat(20_000)}"}\n`); // one line larger than a batch
  for (const line of lines) destination.write(line);
  await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
  closeSync(fd);
  expect(readFileSync(file, "utf8")).toBe(lines.join(""));
});

it("takes pino's lines and writes what it still holds on flushSync", () => {
  const { file, fd } = logFile();
  const destination = asyncLogDestination(fd);
  const log = pino({ base: null, timestamp: false }, destination);
  log.info({ market: "TH" }, "ทดสอบ");
  destination.flushSync();
  closeSync(fd);
  expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ level: 30, market: "TH", msg: "ทดสอบ" });
});
