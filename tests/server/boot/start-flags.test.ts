// The server process runs with the same V8 heap flags whichever way it starts: `npm start`
// (package.json passes them to scripts/start.mjs), the API bench and the e2e server (both take
// SERVER_NODE_FLAGS), so the memory figures measured are the ones users get.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../../scripts/build-state";

describe("server process flags", () => {
  it("npm start passes every SERVER_NODE_FLAGS flag to node before scripts/start.mjs", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs`);
  });

  it("node accepts the flags (an unknown one would stop it with 'bad option')", () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.stdout.write('ok')"], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ok");
  });
});
