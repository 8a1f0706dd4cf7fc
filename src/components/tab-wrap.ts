// Tab order inside an open modal popup (Popup.tsx). A modal <dialog> makes the page inert, but
// Tab past its last control leaves the document (to the browser's own toolbar) instead of
// coming back; here Tab on the last tab stop goes to the first and Shift+Tab on the first to the
// last, so focus cycles inside the dialog. Tab stops are found as the browser orders them for
// the app's markup: enabled, rendered, not tabindex -1, one per radio group (its checked radio,
// else its first).
const CANDIDATES = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

function isGroupStop(radio: HTMLInputElement, root: HTMLElement): boolean {
  if (!radio.name) return true;
  const group = [...root.querySelectorAll<HTMLInputElement>("input[type=radio]")].filter(
    (other) => other.name === radio.name,
  );
  return radio === (group.find((other) => other.checked) ?? group[0]);
}

/** The tab stops inside `root`, in document order. */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(":disabled, [inert] *, input[type=hidden]") &&
      (!(element instanceof HTMLInputElement) || element.type !== "radio" || isGroupStop(element, root)) &&
      element.getClientRects().length > 0,
  );
}

type KeyPress = Pick<KeyboardEvent, "key" | "shiftKey" | "altKey" | "ctrlKey" | "metaKey" | "preventDefault">;

/** A keydown inside `root` (native or React's): wraps Tab and Shift+Tab at the ends of its tab stops. */
export function wrapTab(event: KeyPress, root: HTMLElement): void {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabStops(root);
  const active = root.ownerDocument.activeElement;
  if (stops.length === 0) {
    event.preventDefault();
    return;
  }
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const atEnd = event.shiftKey ? active === first || active === root : active === last;
  if (!atEnd) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}
