// Copying text (copy-link buttons: copy succeeded, copy failed, "Your browser does not
// support"): the async Clipboard API where the page may use it, else the older selection
// command, which also works over plain http on a LAN address.

export type CopyResult = "copied" | "failed" | "unsupported";

function copyWithSelection(text: string): CopyResult {
  if (typeof document.execCommand !== "function") return "unsupported";
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy") ? "copied" : "failed";
  } catch {
    return "failed";
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<CopyResult> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return "copied";
    } catch {
      // Denied or unfocused: the selection command may still work.
    }
  }
  return copyWithSelection(text);
}
