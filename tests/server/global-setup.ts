// Server tests' global setup: a fresh directory for this run's database templates
// (helpers/templates.ts), removed at the end; never reused, as schema or generator may change.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where helpers/templates.ts keeps this run's dumped demo datasets. */
    templateDir: string;
  }
}

export default function setup(project: TestProject) {
  const templateDir = mkdtempSync(join(tmpdir(), "shopradar-templates-"));
  project.provide("templateDir", templateDir);
  return () => rmSync(templateDir, { recursive: true, force: true });
}
