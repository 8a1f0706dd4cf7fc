// Every way out closes what the process holds (server/boot/exit-paths.ts, used by the server,
// the CLIs and the first-start child): SIGINT, SIGTERM and SIGHUP, an uncaught exception and an
// unhandled rejection, each in a real child process, with the exit code each one should give.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const FIXTURE = path.join(import.meta.dirname, "exit-fixture.ts");
const dir = mkdtempSync(path.join(tmpdir(), "shopradar-exit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runUntilExit(ending: string, signal?: NodeJS.Signals) {
  const marker = path.join(dir, `${ending}-${signal ?? "none"}`);
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, marker, ending], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  await once(child.stdout, "data");
  if (signal) child.kill(signal);
  const [code] = await exited;
  return { code, stderr, closed: existsSync(marker) && readFileSync(marker, "utf8") === "closed" };
}

describe("closeOnEveryExit", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("%s closes, then exits with %i", async (signal, expected) => {
    const result = await runUntilExit("signal", signal);
    expect(result).toMatchObject({ code: expected, closed: true });
    expect(result.stderr).toContain("ending: signal");
  });

  it.each([
    ["throw", "uncaughtException"],
    ["reject", "unhandledRejection"],
  ])("%s: reported, closed, exit 1", async (ending, kind) => {
    const result = await runUntilExit(ending);
    expect(result).toMatchObject({ code: 1, closed: true });
    expect(result.stderr).toContain(`ending: ${kind}`);
  });
});
