// "Export CSV" (issue 15): downloads an export route of the API (`href`: the API path with its
// query) as a CSV file; refusals (sign in, 803 upgrade, bad input) go through the error
// catalogue, anything the catalogue has no effect for is toasted here.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { showToast } from "../../state/system";
import { ApiError } from "../../api/client";
import { downloadCsv } from "./download-csv";
import "./export.css";

export interface ExportButtonProps {
  /** API path with its query, e.g. `/api/v1/export/favourites?type=goods`. */
  href: string;
  /** The saved file's name; the server's content-disposition name otherwise. */
  filename?: string;
}

export function ExportButton({ href, filename }: ExportButtonProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadCsv(href, filename);
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) {
        showToast(error instanceof ApiError && error.msg ? error.msg : t`The export failed`, "error");
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="button button--small export-button"
      data-testid="export-csv"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void download()}
    >
      <Trans>Export CSV</Trans>
    </button>
  );
}
