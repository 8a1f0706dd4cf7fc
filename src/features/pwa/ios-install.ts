// iPhone and iPad Safari: no install prompt there, so Me explains "Share → Add to Home Screen"
// while the app is not installed (and that notifications on iPhone need the installed app).
import { isInstalled } from "../install/persistent-storage";

/** iPhone, iPod or iPad (iPadOS presents itself as a Mac with touch) in Safari, not another iOS browser. */
export function isIosSafari(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

export const showsIosInstallHint = (win: Window = window): boolean => isIosSafari(win.navigator) && !isInstalled(win);
