// Three test tiers: unit (happy-dom), server (app.inject on PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set) and e2e (playwright-core on Debian Chromium against the production
// build served by the real server); plus layout, the guard rails' own tests (Node).
import { defineConfig } from "vitest/config";
import { linguiMacroPlugins } from "./vite.config.ts";

export default defineConfig({
  plugins: linguiMacroPlugins(),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Escape's close request on modal <dialog>s, which happy-dom lacks.
          setupFiles: ["tests/unit/setup/dialog-close-request.ts"],
          // A test that first imports every page (or renders one in five languages) needs more
          // than the default 5 s when the 2-core machine is busy with the server tests beside it.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          // A per-run directory for the demo datasets test apps start from (helpers/templates.ts).
          globalSetup: ["tests/server/global-setup.ts"],
          // Files share a worker's module cache: a file no longer loads the whole server (and
          // PGlite) afresh, about 3 s each, 7 of the tier's 23 minutes serially on 2 cores. The
          // tier has no module mocks; each file builds its own apps and databases.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: "layout", include: ["tests/layout/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A service worker installing or a page settling on a loaded CI machine takes seconds.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
