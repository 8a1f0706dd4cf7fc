// E2E global setup: one production build and one real server for the whole e2e run.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-state";
import { startServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Everything the server printed so far (its logs at info level) is appended here. */
    serverLogFile: string;
  }
}

export default async function setup(project: TestProject) {
  ensureBuild("dist");
  const serverLogFile = join(mkdtempSync(join(tmpdir(), "shopradar-log-")), "server.log");
  const server = await startServer({ env: { LOG_LEVEL: "info" }, logFile: serverLogFile });
  project.provide("baseURL", server.url);
  project.provide("serverLogFile", serverLogFile);
  return async () => {
    await server.stop();
  };
}
