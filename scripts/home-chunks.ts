// Build step (Rolldown's code-splitting groups, used by vite.config.ts): the JavaScript the home
// route loads comes in a few larger chunks instead of ~40 small ones. Each file is gzipped on
// its own, so many small chunks repeat the compressor's headers and lose the dictionary the
// others would share (the home's app code was 57 KB gzip in 40 files, 47 KB as one). The
// groups follow main.tsx's boot steps, so each step still evaluates in a task of its own:
// - the entry chunk: main.tsx and what it imports statically (left as the bundler makes it);
// - `react`: boot/runtime.ts with React, React DOM and the scheduler (the first step);
// - `app`: everything else the home's boot modules (BOOT_MODULES: the boot, the home page, the
//   update prompt, the background work) import statically (the second step and after);
// - `footer`: what the home's footer adds (loaded when idle).
// Other pages' chunks are left to the automatic splitting; a page that imports a module of
// these groups loads the group's chunk (after the home, already in the browser's cache).
import type { ChunkingContext, CodeSplittingOptions } from "rolldown";
import { BOOT_MODULES } from "./home-shell.ts";

const [RUNTIME = /^$/] = BOOT_MODULES;
const FOOTER = /\/src\/components\/SiteFooter\.tsx$/;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** Kept out of the groups: each locale's catalog part is a chunk of its own (vite.config.ts). */
const SEPARATE = /\.po\?\w+$/;

/** Every module `roots` import statically, the roots included. */
function staticClosure(roots: string[], context: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The dynamic imports of `modules` whose id matches one of `patterns`. */
function dynamicTargets(modules: Set<string>, patterns: RegExp[], context: ChunkingContext): string[] {
  return [...modules].flatMap((id) =>
    (context.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((target) =>
      patterns.some((pattern) => pattern.test(target)),
    ),
  );
}

/**
 * Each module's group. The entry's own modules (main.tsx and what it imports statically) are a
 * group of their own, taken first: were they left to `app`, which imports them too, the entry
 * would import `app` and evaluate it, React with it, in its first task.
 */
function homeGroups(entry: string, context: ChunkingContext): Map<string, string> {
  const first = staticClosure([entry], context);
  const steps = BOOT_MODULES.slice(1);
  let loaded = first;
  for (let size = 0; size !== loaded.size;) {
    size = loaded.size;
    loaded = staticClosure([...loaded, ...dynamicTargets(loaded, steps, context)], context);
  }
  const groups = new Map<string, string>();
  for (const id of staticClosure(dynamicTargets(loaded, [FOOTER], context), context)) groups.set(id, "footer");
  for (const id of loaded) groups.set(id, "app");
  for (const id of first) groups.delete(id);
  return groups;
}

/**
 * `output.codeSplitting` for the build whose entry module is `entry` (src/main.tsx's absolute
 * path): the groups above, each taken before the next (a group takes its modules' imports with
 * it unless an earlier group has them); every other module is split automatically.
 */
export function homeChunks(entry: string): CodeSplittingOptions {
  let groups: Map<string, string> | undefined;
  const group =
    (name: string) =>
    (id: string, context: ChunkingContext): string | null => {
      if (SEPARATE.test(id)) return null;
      groups ??= homeGroups(entry, context);
      return groups.get(id) === name ? name : null;
    };
  return {
    groups: [
      { name: "react", test: (id) => REACT.test(id) || RUNTIME.test(id), priority: 3 },
      { name: group("app"), priority: 2, includeDependenciesRecursively: false },
      { name: group("footer"), priority: 1, includeDependenciesRecursively: false },
    ],
  };
}
