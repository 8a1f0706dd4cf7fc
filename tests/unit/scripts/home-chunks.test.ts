// The home's chunk groups (scripts/home-chunks.ts) on a small module graph shaped like the app's:
// the entry's own modules stay out of the groups, React and boot/runtime.ts form `react`, the
// boot steps' static imports form `app`, the footer's own imports `footer`, and other pages and
// the catalog parts are left to the automatic splitting.
import { describe, expect, it } from "vitest";
import type { ChunkingContext, CodeSplittingGroup } from "rolldown";
import { homeChunks } from "../../../scripts/home-chunks";

const ENTRY = "/app/src/main.tsx";
const GRAPH: Record<string, { imports?: string[]; dynamic?: string[] }> = {
  [ENTRY]: {
    imports: ["/app/src/platform/schedule.ts", "\0vite/preload-helper.js"],
    dynamic: ["/app/src/boot/runtime.ts", "/app/src/boot/boot.tsx"],
  },
  "/app/src/platform/schedule.ts": {},
  "\0vite/preload-helper.js": {},
  "/app/src/boot/runtime.ts": { imports: ["/app/node_modules/react-dom/client.js"] },
  "/app/node_modules/react-dom/client.js": { imports: ["/app/node_modules/react/index.js"] },
  "/app/node_modules/react/index.js": {},
  "/app/src/boot/boot.tsx": {
    imports: ["/app/node_modules/react/index.js", "/app/src/platform/schedule.ts", "/app/src/lib/format.ts"],
    dynamic: [
      "/app/src/pages/tab/HomePage.tsx",
      "/app/src/pages/tools/ToolsPage.tsx",
      "/app/locales/en/messages.po?first",
      "/app/src/boot/background-work.ts",
    ],
  },
  "/app/src/lib/format.ts": {},
  "/app/src/boot/background-work.ts": { imports: ["/app/src/features/tracking/tracker.ts"] },
  "/app/src/features/tracking/tracker.ts": {},
  "/app/locales/en/messages.po?first": {},
  "/app/src/pages/tab/HomePage.tsx": {
    imports: ["/app/src/lib/format.ts"],
    dynamic: ["/app/src/components/SiteFooter.tsx"],
  },
  "/app/src/components/SiteFooter.tsx": { imports: ["/app/src/components/Field.tsx", "/app/src/lib/format.ts"] },
  "/app/src/components/Field.tsx": {},
  "/app/src/pages/tools/ToolsPage.tsx": { imports: ["/app/src/components/Field.tsx", "/app/src/pages/tools/tools.ts"] },
  "/app/src/pages/tools/tools.ts": {},
};

const context: ChunkingContext = {
  getModuleInfo: (id) =>
    GRAPH[id]
      ? ({ importedIds: GRAPH[id].imports ?? [], dynamicallyImportedIds: GRAPH[id].dynamic ?? [] } as never)
      : null,
};

/** The group each module falls in: the first group (by priority) that names it, as Rolldown takes them. */
function groupOf(groups: CodeSplittingGroup[], id: string): string | null {
  const ordered = [...groups].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  for (const group of ordered) {
    if (typeof group.name === "function") {
      const name = group.name(id, context);
      if (name) return name;
    } else if (typeof group.test === "function" && group.test(id)) return group.name;
  }
  return null;
}

describe("home chunk groups", () => {
  const groups = homeChunks(ENTRY).groups ?? [];
  const of = (id: string) => groupOf(groups, id);

  it("leaves the entry's own modules in the entry chunk, so the entry does not import the app", () => {
    expect(of(ENTRY)).toBeNull();
    expect(of("/app/src/platform/schedule.ts")).toBeNull();
    expect(of("\0vite/preload-helper.js")).toBeNull();
  });

  it("puts React and the runtime step together, apart from the app", () => {
    expect(of("/app/src/boot/runtime.ts")).toBe("react");
    expect(of("/app/node_modules/react-dom/client.js")).toBe("react");
    expect(of("/app/node_modules/react/index.js")).toBe("react");
  });

  it("puts the boot steps and their static imports in one app chunk", () => {
    for (const id of [
      "/app/src/boot/boot.tsx",
      "/app/src/lib/format.ts",
      "/app/src/pages/tab/HomePage.tsx",
      "/app/src/boot/background-work.ts",
      "/app/src/features/tracking/tracker.ts",
    ])
      expect(of(id), id).toBe("app");
  });

  it("gives the footer what the app lacks, and leaves other pages and the catalog parts alone", () => {
    expect(of("/app/src/components/SiteFooter.tsx")).toBe("footer");
    expect(of("/app/src/components/Field.tsx")).toBe("footer");
    expect(of("/app/src/pages/tools/ToolsPage.tsx")).toBeNull();
    expect(of("/app/src/pages/tools/tools.ts")).toBeNull();
    expect(of("/app/locales/en/messages.po?first")).toBeNull();
  });
});
