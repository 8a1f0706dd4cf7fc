// Passing an invite link on: "Copy link" copies it (platform/clipboard) and says so in a toast;
// "Share" opens the system share sheet (navigator.share) where the browser has one and copies
// the link otherwise. Closing the sheet is not an error; a share the browser refuses falls back
// to copying. Unlike a detail page's copy (components/CopyLinkButton), no "open it on a
// computer" notice follows: an invite link is meant for a phone.
import { useLingui } from "@lingui/react/macro";
import { copyText } from "../../platform/clipboard";
import { showToast } from "../../state/system";

export interface InviteShare {
  copy: () => Promise<void>;
  share: () => Promise<void>;
}

export function useInviteShare(link: string, title: string, text: string): InviteShare {
  const { t } = useLingui();

  const copy = async () => {
    const result = await copyText(link);
    if (result === "copied") showToast(t`Copied successfully`);
    else if (result === "failed") showToast(t`Copy failed`, "error");
    else showToast(t`Your browser does not support copying`, "error");
  };

  const share = async () => {
    if (typeof navigator.share !== "function") return copy();
    try {
      await navigator.share({ title, text, url: link });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copy();
    }
  };

  return { copy, share };
}
