// E2E global setup: one production build and one real server for the whole e2e run.
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build-state";
import { startServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  ensureBuild("dist");
  const server = await startServer();
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
  };
}
