// Loads index.html's real theme-color metas and theme script into the happy-dom page (the script
// runs as on a page load), with the system's colour scheme under the test's control.
import { readFileSync } from "node:fs";

const INDEX_HTML = readFileSync("index.html", "utf8");

/** The theme script's text: the inline script of index.html that defines window.shopradarTheme. */
export const THEME_SCRIPT = [...INDEX_HTML.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((match) => match[1])
  .find((text) => text.includes("shopradarTheme"))!;

/** index.html's theme-color meta elements, as written. */
export const THEME_METAS = INDEX_HTML.match(/<meta name="theme-color"[^>]*>/g)!;

const system = { dark: false, listeners: [] as (() => void)[] };

/** Switches the system's light/dark setting, as the OS would (a change event follows). */
export function setSystemDark(dark: boolean): void {
  system.dark = dark;
  for (const listener of system.listeners) listener();
}

/** A fresh page load: metas in the head, the saved choice as `localStorage` has it, the script run. */
export function loadPage({ systemDark = false } = {}): void {
  system.dark = systemDark;
  system.listeners = [];
  window.matchMedia = ((query: string) => ({
    media: query,
    get matches() {
      return query === "(prefers-color-scheme: dark)" && system.dark;
    },
    addEventListener: (_type: string, listener: () => void) => system.listeners.push(listener),
  })) as unknown as typeof window.matchMedia;
  document.documentElement.removeAttribute("data-theme");
  delete window.shopradarTheme;
  for (const meta of document.head.querySelectorAll('meta[name="theme-color"]')) meta.remove();
  document.head.insertAdjacentHTML("beforeend", THEME_METAS.join(""));
  // The inline script runs as the browser runs it: global code (happy-dom runs no page scripts).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- index.html's own script, the code under test
  new Function(THEME_SCRIPT)();
}

/** The content of the theme-color meta for the light and the dark system scheme. */
export function themeColors(): { light: string; dark: string } {
  const content = (scheme: string) =>
    document.head.querySelector<HTMLMetaElement>(`meta[name="theme-color"][media*="${scheme}"]`)!.content;
  return { light: content("light"), dark: content("dark") };
}
