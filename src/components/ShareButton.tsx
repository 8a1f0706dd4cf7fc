// "Share" of a detail page: the system share sheet (navigator.share with the title and link)
// where the browser has one, else the link is copied like "Copy link" does (useCopyLink: same
// toasts and notice). Closing the share sheet is not an error; a share the browser refuses
// falls back to copying. useShareLink is the same share for other buttons (the invite link).
// Test id `share-button`.
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { useCopyLink, type CopyLinkOptions } from "./CopyLinkButton";

const canShare = () => typeof navigator.share === "function";

export interface SharedLink {
  share: () => Promise<void>;
  copy: () => Promise<void>;
  notice: ReactNode;
}

/** Shares `link` (with `title` and an optional `text`) through the share sheet, else copies it. */
export function useShareLink(link: string, title: string, text?: string, options?: CopyLinkOptions): SharedLink {
  const { copy, notice } = useCopyLink(link, options);

  const share = async () => {
    if (!canShare()) return copy();
    try {
      await navigator.share(text === undefined ? { title, url: link } : { title, text, url: link });
    } catch (error) {
      // The user closed the sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copy();
    }
  };
  return { share, copy, notice };
}

export function ShareButton({ link, title }: { link: string; title: string }) {
  const { share, notice } = useShareLink(link, title);

  return (
    <>
      <button type="button" className="button button--small" data-testid="share-button" onClick={() => void share()}>
        <Trans>Share</Trans>
      </button>
      {notice}
    </>
  );
}
