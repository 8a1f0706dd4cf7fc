// Keyboard support for the app's tab lists (the ARIA tabs pattern with automatic activation):
// Left/Right move to the previous/next tab (wrapping), Home/End to the first/last; the tab
// reached is selected and focused. Only the selected tab is in the Tab order (roving tabindex:
// the tabs render `tabIndex={selected ? 0 : -1}`), so Tab leaves the list for its panel.
import type { KeyboardEvent } from "react";

/** The index a key moves to from `index` in a list of `count` tabs, or undefined for other keys. */
export function tabIndexAfterKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index + count - 1) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}

/** The tab list's onKeyDown: selects the tab a key moves to and focuses its element. */
export function useTabKeys<T>(
  tabs: readonly T[],
  selected: T,
  select: (tab: T) => void,
): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    const target = tabIndexAfterKey(event.key, Math.max(0, tabs.indexOf(selected)), tabs.length);
    if (target === undefined) return;
    event.preventDefault();
    if (tabs[target] !== selected) select(tabs[target]);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };
}
