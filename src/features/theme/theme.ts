// The colour theme from the app's side. index.html's theme script owns the rules (it runs before
// the first paint): the choice ("system", "light" or "dark") kept in localStorage, the scheme in
// effect as data-theme on <html> (the palettes in src/app/shell.css) and the theme-color metas.
// This module reaches that script through window.shopradarTheme, so the rules exist once, and
// tells components when the scheme changes (a chart draws its canvas in the palette's colours).
import { useSyncExternalStore } from "react";

export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ColorScheme = "light" | "dark";

declare global {
  interface Window {
    /** Set by index.html's theme script. */
    shopradarTheme?: { choice: () => ThemeChoice; choose: (choice: ThemeChoice) => void };
  }
}

/** The saved choice ("system" when none, or without the theme script). */
export const themeChoice = (): ThemeChoice => window.shopradarTheme?.choice() ?? "system";

/** Saves the choice and applies it at once (data-theme and the theme-color metas). */
export function chooseTheme(choice: ThemeChoice): void {
  window.shopradarTheme?.choose(choice);
}

/** The scheme the page shows now. */
export const colorScheme = (): ColorScheme =>
  document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";

/** Calls `onChange` whenever the scheme in effect changes (a choice, or the system's under "System"). */
export function subscribeColorScheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

/** The scheme in effect, re-rendering when it changes. */
export const useColorScheme = (): ColorScheme => useSyncExternalStore(subscribeColorScheme, colorScheme, colorScheme);
