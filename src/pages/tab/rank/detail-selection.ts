// The list + detail layout's selection in the URL (?selected=<id>, so back/forward and reload
// keep it) and the row a click opens there: a plain left click on a row's detail link.
import type { MouseEvent } from "react";

export const SELECTED_PARAM = "selected";

export const readSelected = (search: string): string | null =>
  new URLSearchParams(search).get(SELECTED_PARAM)?.trim() || null;

/** The query string with the selection set (or removed for null). */
export function withSelected(search: string, id: string | null): string {
  const query = new URLSearchParams(search);
  if (id === null) query.delete(SELECTED_PARAM);
  else query.set(SELECTED_PARAM, id);
  return query.toString();
}

/** The id of the row whose detail link was clicked plainly (no modifier key, main button). */
export function clickedRowId(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  const link = (event.target as Element).closest("a.entity-row__main");
  return link?.closest<HTMLElement>('[data-testid="entity-row"]')?.dataset.id ?? null;
}
