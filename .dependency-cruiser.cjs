// The layout check (npm run layout; npm test runs it): which folder may import which.
// docs/architecture.md draws the same rules; tests/layout/ proves each rule catches a breach.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-static-cycles",
      severity: "error",
      comment: "No import cycle made of static imports (the lazy page loaders' dynamic imports may close one).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["dynamic-import"] } },
    },
    {
      name: "contract-is-self-contained",
      severity: "error",
      comment: "contract/ holds facts shared by app, worker and server: it imports nothing outside itself.",
      from: { path: "^contract/" },
      to: { pathNot: "^contract/" },
    },
    {
      name: "sw-imports-contract-and-workbox-only",
      severity: "error",
      comment:
        "The service worker is its own build: it imports only contract/, Workbox, idb-keyval and xss (the snapshot sanitiser).",
      from: { path: "^sw/" },
      to: { pathNot: ["^sw/", "^contract/", "^node_modules/(workbox-[^/]+|idb-keyval|xss)/"] },
    },
    {
      name: "routes-table-only-for-the-router",
      severity: "error",
      comment:
        "Only the router reads the routes table (loaders, titles, guards); everything else links through src/routing/paths.ts.",
      from: { path: "^src/", pathNot: ["^src/routing/", "^src/app/RouteView\\.tsx$", "^src/app/App\\.tsx$"] },
      to: { path: "^src/routing/routes\\.ts$" },
    },
    {
      name: "shared-code-does-not-import-pages",
      severity: "error",
      comment: "Components, hooks, features, stores, API modules and helpers never import a page.",
      from: { path: "^src/(components|hooks|features|lib|state|api|i18n|storage)/" },
      to: { path: "^src/pages/" },
    },
    {
      name: "app-and-server-stay-apart",
      severity: "error",
      comment: "The app, the worker and the server share only contract/.",
      from: { path: "^(src|sw)/" },
      to: { path: "^server/" },
    },
    {
      name: "server-does-not-import-the-app",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(src|sw)/" },
    },
    {
      name: "modules-meet-through-index",
      severity: "error",
      comment: "A server module reaches another module only through that module's index.ts.",
      from: { path: "^server/modules/([^/]+)/" },
      to: { path: "^server/modules/[^/]+/", pathNot: ["^server/modules/$1/", "^server/modules/[^/]+/index\\.ts$"] },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      // The compiled server (dist-server/) exists only after a build; scripts/start.mjs imports it.
      to: { couldNotResolve: true, pathNot: ["^virtual:", "dist-server/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^dist", "^node_modules", "^tests/layout/fixtures/"] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts", ".css"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
