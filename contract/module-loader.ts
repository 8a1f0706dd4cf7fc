// How index.html starts the app's JavaScript: after the first frame, never before it. The build
// (scripts/home-shell.ts) takes the module script and module preloads Vite writes into
// index.html out of it and lists them in a JSON block, which MODULE_LOADER, the page's one
// inline loader, starts after the first frame (requestAnimationFrame, then a task). So the
// static home shell, or a list snapshot the service worker painted into #root
// (sw/list-snapshot.ts), paints before any module is fetched or run: with the modules in the
// head, a repeat visit (the worker answers them at once) ran React's boot before the first
// paint on a slow phone, and Lighthouse's simulation counted every module that arrived before
// the first paint as render-blocking (FCP 1.7 s instead of 0.7 s). A module script added by a
// script runs as soon as it is ready, like the deferred one it replaces (the app waits for no
// DOMContentLoaded). The loader is constant text, so the server's Content-Security-Policy allows
// it by its hash (server/plugins/content-security-policy.ts) without 'unsafe-inline'.

/** Where index.html lists, as JSON ({"modules": [...], "preloads": [...]}), what MODULE_LOADER starts. */
export const MODULE_LIST_ID = "app-modules";

/**
 * The loader: after the first frame it sets the thumbnails' src (a snapshot keeps them in
 * data-snapshot-src until then, their boxes sized) and starts the listed modules and preloads.
 * A hidden page gets no animation frame: it starts at once. It reads its list from a script
 * element only: snapshot markup may carry no script (and no id).
 */
export const MODULE_LOADER = `(function () {
  var data = document.querySelector("script#${MODULE_LIST_ID}");
  var list = JSON.parse((data && data.textContent) || "{}");
  function add(tag, attrs) { var el = document.createElement(tag); el.crossOrigin = ""; for (var k in attrs) el.setAttribute(k, attrs[k]); document.head.appendChild(el); }
  function start() {
    var images = document.querySelectorAll("img[data-snapshot-src]");
    for (var i = 0; i < images.length; i++) { images[i].setAttribute("src", images[i].getAttribute("data-snapshot-src")); images[i].removeAttribute("data-snapshot-src"); }
    (list.modules || []).forEach(function (src) { add("script", { type: "module", src: src }); });
    (list.preloads || []).forEach(function (href) { add("link", { rel: "modulepreload", href: href }); });
  }
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();`;

const MODULE_TAG =
  /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*|<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g;

/** index.html with its module script and preloads moved into the list MODULE_LOADER starts. */
export function deferModules(html: string): string {
  const modules: string[] = [];
  const preloads: string[] = [];
  const rest = html.replace(MODULE_TAG, (_tag, script?: string, preload?: string) => {
    if (script) modules.push(script);
    if (preload) preloads.push(preload);
    return "";
  });
  if (modules.length === 0) throw new Error("index.html has no module script to defer");
  // The lists are data for the loader (a JSON block is not run); the loader itself is constant.
  const list = JSON.stringify({ modules, preloads }).replace(/</g, "\\u003c");
  const loader = `<script type="application/json" id="${MODULE_LIST_ID}">${list}</script><script>${MODULE_LOADER}</script>`;
  return rest.replace("</body>", () => `${loader}</body>`);
}

/** Whether index.html starts `entry` (the build a list snapshot was saved under). */
export function startsModule(html: string, entry: string): boolean {
  const block = new RegExp(`<script type="application/json" id="${MODULE_LIST_ID}">([^<]*)</script>`).exec(html);
  if (!block) return false;
  const list = JSON.parse(block[1]) as { modules?: unknown };
  return Array.isArray(list.modules) && list.modules.includes(entry);
}
