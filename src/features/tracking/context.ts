// What a tracking event says about where it happened: network type, device and
// browser, browser language. Read from the browser at the moment of the event; every value
// is a short string and falls back to "" (or "unknown") where the browser does not tell.

interface NetworkInformationLike {
  effectiveType?: string;
  type?: string;
}

interface NavigatorWithHints extends Navigator {
  connection?: NetworkInformationLike;
  userAgentData?: { platform?: string; mobile?: boolean };
}

/** "offline" when the browser knows it has no network; else the connection's effective type. */
export function netType(nav: NavigatorWithHints = navigator): string {
  if (nav.onLine === false) return "offline";
  const connection = nav.connection;
  return connection?.effectiveType || connection?.type || "unknown";
}

/** Platform, screen size and pixel ratio, e.g. "Android; mobile; 390x844@3". */
export function deviceInfo(nav: NavigatorWithHints = navigator): string {
  const platform = nav.userAgentData?.platform || nav.platform || "unknown";
  const mobile = (nav.userAgentData?.mobile ?? /Mobi|Android|iPhone|iPad/i.test(nav.userAgent)) ? "mobile" : "desktop";
  const size = typeof screen === "undefined" ? "0x0" : `${screen.width}x${screen.height}`;
  const ratio = typeof devicePixelRatio === "number" ? devicePixelRatio : 1;
  return `${platform}; ${mobile}; ${size}@${ratio}`.slice(0, 1024);
}

export const browserInfo = (nav: Navigator = navigator): string => nav.userAgent.slice(0, 1024);

export const browserLanguage = (nav: Navigator = navigator): string => nav.language || "";
