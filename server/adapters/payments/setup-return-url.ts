// Where a PSP sends the browser back after a setup (saving a card, authorising a mandate): the
// merchant's return URL with `setup_id={id}` added to its query, before any #fragment, as the
// payments adapter interface promises (SetupRequest.returnUrl). The commerce module completes
// the setup with that id. Shared by the sandbox gateway and the Stripe adapter.

/** `url` with `setup_id=` and `encodedId` (already URL-encoded, or a PSP's placeholder) added. */
export function withSetupId(url: string, encodedId: string): string {
  const hashAt = url.indexOf("#");
  const [path, fragment] = hashAt < 0 ? [url, ""] : [url.slice(0, hashAt), url.slice(hashAt)];
  const separator = !path.includes("?") ? "?" : path.endsWith("?") || path.endsWith("&") ? "" : "&";
  return `${path}${separator}setup_id=${encodedId}${fragment}`;
}
