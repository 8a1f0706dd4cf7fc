// Whether a URL is a path on this site: never another origin (no scheme, no `//host`, no
// backslash tricks, no whitespace). Return URLs that a payment gateway sends the browser back
// to must be such paths (the commerce routes check them, the sandbox gateway too).

export function isSitePath(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url);
}
