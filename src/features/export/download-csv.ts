// CSV downloads from the API (issue 15 export): fetches an export route with the API client's
// headers and token, saves the file through an object URL, and sends a refusal (the JSON
// envelope: 401, 803, 400 ...) through the error catalogue like any other API error.
import { apiConfig, ApiError, requestHeaders } from "../../api/client";
import { applyErrorCatalogue, INVALID_RESPONSE, NO_RESPONSE } from "../../api/errors";

/** The file name of a `content-disposition: attachment; filename="..."` header, if any. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function refusalOf(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined);
  if (typeof payload === "object" && payload !== null && typeof (payload as { code?: unknown }).code === "number") {
    const { code, msg } = payload as { code: number; msg?: string };
    return new ApiError(code, msg ?? "", response.status);
  }
  return new ApiError(response.ok ? INVALID_RESPONSE : response.status, response.statusText, response.status);
}

/**
 * Downloads the CSV at `path` (an API path with its query). Resolves with the saved file name;
 * rejects with the ApiError after the error catalogue has shown it (`handled`).
 */
export async function downloadCsv(path: string, filename?: string): Promise<string> {
  const { context, uiEffects, baseURL } = apiConfig;
  const url = new URL(`${baseURL}${path}`, location.href);
  let response: Response;
  try {
    response = await fetch(url, { headers: requestHeaders(context), credentials: "same-origin" });
  } catch (cause) {
    const error = new ApiError(NO_RESPONSE, cause instanceof Error ? cause.message : String(cause), 0);
    error.handled = applyErrorCatalogue(error, { loggedIn: Boolean(context.token()) }, uiEffects);
    throw error;
  }
  const isCsv = response.ok && (response.headers.get("content-type") ?? "").startsWith("text/csv");
  if (!isCsv) {
    const error = await refusalOf(response);
    error.handled = applyErrorCatalogue(error, { loggedIn: Boolean(context.token()) }, uiEffects);
    throw error;
  }
  const name = filename ?? attachmentName(response.headers.get("content-disposition")) ?? "export.csv";
  saveBlob(await response.blob(), name);
  return name;
}
