// Page scroll locking for open popups (a popup locks scrolling). Nested popups share
// one lock: the page scrolls again only when the last of them closes, and the body's own
// overflow style is put back as it was.

let holders = 0;
let savedOverflow = "";

/** Locks page scrolling until the returned function is called (once). */
export function lockScroll(): () => void {
  if (holders === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) document.body.style.overflow = savedOverflow;
  };
}
