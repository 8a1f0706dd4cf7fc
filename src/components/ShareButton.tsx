// "Share" of a detail page: the system share sheet (navigator.share with the title and link)
// where the browser has one, else the link is copied like "Copy link" does (useCopyLink: same
// toasts and notice). Closing the share sheet is not an error; a share the browser refuses
// falls back to copying. Test id `share-button`.
import { Trans } from "@lingui/react/macro";
import { useCopyLink } from "./CopyLinkButton";

const canShare = () => typeof navigator.share === "function";

export function ShareButton({ link, title }: { link: string; title: string }) {
  const { copy, notice } = useCopyLink(link);

  const share = async () => {
    if (!canShare()) return copy();
    try {
      await navigator.share({ title, url: link });
    } catch (error) {
      // The user closed the sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copy();
    }
  };

  return (
    <>
      <button type="button" className="button button--small" data-testid="share-button" onClick={() => void share()}>
        <Trans>Share</Trans>
      </button>
      {notice}
    </>
  );
}
