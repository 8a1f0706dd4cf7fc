// The list page's side of snapshots as one hook: the snapshot this visit was painted with (its
// rows stand in for the skeleton until the first load's data is in), and, once the first screen
// has rendered from data, that screen saved as the next visit's snapshot (shortly after the
// frame that painted it, off the critical path).
import { useEffect, useState, type RefObject } from "react";
import { readBootSnapshot, saveListSnapshot, type BootSnapshot, type SnapshotContext } from "./list-snapshot";

/** How long after the first screen rendered from data it is saved. */
const SAVE_DELAY_MS = 500;

export interface ListSnapshotState extends Omit<SnapshotContext, "nextUpdateAt"> {
  /** The first load has not finished yet. */
  initial: boolean;
  /** The first page rendered from data (not failed, not empty). */
  ready: boolean;
  /** The first row's id: the snapshot is saved again when it changes. */
  firstId: string | null;
  /** The list's next_update_at, read when saving. */
  nextUpdateAt: RefObject<string | undefined>;
}

/**
 * Returns the painted snapshot to show in place of the skeleton (null once the first load is
 * in, or when this visit was not painted from one), and saves the page's first screen (the
 * `.page` around `page`) whenever what it shows changes: the list, its first row, its age, the
 * viewer or the language.
 */
export function useListSnapshot(page: RefObject<HTMLElement | null>, state: ListSnapshotState): BootSnapshot | null {
  const { initial, ready, firstId, url, locale, systemId, token, updatedAt, nextUpdateAt } = state;
  // Read once: it is of the URL the page opened on.
  const [boot, setBoot] = useState(() => readBootSnapshot(`${window.location.pathname}${window.location.search}`));
  // The painted snapshot stands in for the first load only (not for another filter's).
  if (boot && !initial) setBoot(null);

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const element = page.current;
      if (cancelled || !element) return;
      void saveListSnapshot(element.closest<HTMLElement>(".page") ?? element, {
        url,
        locale,
        systemId,
        token,
        updatedAt,
        nextUpdateAt: nextUpdateAt.current,
      }).catch(() => false);
    }, SAVE_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [page, ready, url, firstId, updatedAt, token, locale, systemId, nextUpdateAt]);

  return boot !== null && initial && boot.listHtml !== "" ? boot : null;
}
