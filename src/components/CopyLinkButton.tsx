// "Copy link" of a detail page: copies the page's public link and toasts the
// outcome (copied, copy failed, browser cannot copy). The first copy of each day also opens
// the copy-link notice (cookie `copy-notice`, see platform/copy-notice.ts) explaining that mobile
// shows part of the data (`{ notice: false }` leaves it out, e.g. for invite links, which are
// meant for phones). useCopyLink is the same copy for other buttons (ShareButton's fallback).
// Test ids `copy-link` and `copy-notice`.
import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { copyText } from "../platform/clipboard";
import { takeCopyNotice } from "../platform/copy-notice";
import { showToast } from "../state/system";
import { Dialog } from "./Dialog";

export interface CopyLinkOptions {
  /** Open the daily "open it on a computer" notice after the first copy of the day (default true). */
  notice?: boolean;
}

/** Copies `link` with the toasts and the daily notice; render `notice` next to the button. */
export function useCopyLink(
  link: string,
  { notice: withNotice = true }: CopyLinkOptions = {},
): { copy: () => Promise<void>; notice: ReactNode } {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);

  const copy = async () => {
    const result = await copyText(link);
    if (result === "copied") {
      showToast(t`Copied successfully`);
      if (withNotice && takeCopyNotice()) setOpen(true);
    } else if (result === "failed") {
      showToast(t`Copy failed`, "error");
    } else {
      showToast(t`Your browser does not support copying`, "error");
    }
  };

  const notice = open && (
    <Dialog
      testId="copy-notice"
      title={<Trans>Link copied</Trans>}
      message={
        <Trans>
          Open the link in a browser on your computer to see the complete data: on mobile only part of the data is
          shown.
        </Trans>
      }
      confirmLabel={<Trans>Got it</Trans>}
      onConfirm={() => setOpen(false)}
      onCancel={() => setOpen(false)}
    />
  );
  return { copy, notice };
}

export function CopyLinkButton({ link }: { link: string }) {
  const { copy, notice } = useCopyLink(link);
  return (
    <>
      <button type="button" className="button button--small" data-testid="copy-link" onClick={() => void copy()}>
        <Trans>Copy link</Trans>
      </button>
      {notice}
    </>
  );
}
