// The Content-Security-Policy of every answer: our own origin for everything, and no inline
// script but those we wrote. The built index.html has inline scripts (the home-shell loader made
// by scripts/home-shell.ts, and the module loader of contract/module-loader.ts): their SHA-256
// hashes are taken from the page index-html.ts read at boot, so the policy is always in step
// with the build being served; the module loader's is listed even without a build. What the app loads under it: thumbnails from our image
// route, data: images (the support contact's QR code), the ALTCHA widget's Web Worker from a
// blob: URL and its injected <style>, React's style attributes (hence 'unsafe-inline' for
// styles only), catalogs and pages as same-origin chunks.
import { createHash } from "node:crypto";
import { MODULE_LOADER } from "../../contract/module-loader";

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPES = ["", "module", "text/javascript", "application/javascript"];

/** The CSP source of a script's text: the browser hashes it with its line ends as parsed. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`;
}

/** The hash sources of the inline scripts the browser would run in `html` (not data blocks, not src=). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, text] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (SCRIPT_TYPES.includes(type)) hashes.push(scriptHashSource(text));
  }
  return [...new Set(hashes)];
}

export type CspDirectives = Record<string, string[]>;

/** The policy's directives, given the hashes of the inline scripts it allows. */
export function cspDirectives(scriptHashes: readonly string[]): CspDirectives {
  const self = "'self'";
  return {
    "default-src": [self],
    "script-src": [...new Set([self, ...scriptHashes, scriptHashSource(MODULE_LOADER)])],
    "script-src-attr": ["'none'"],
    "style-src": [self, "'unsafe-inline'"],
    "img-src": [self, "data:", "blob:"],
    "font-src": [self],
    "connect-src": [self],
    "worker-src": [self, "blob:"],
    "manifest-src": [self],
    "media-src": [self],
    "object-src": ["'none'"],
    "base-uri": [self],
    "form-action": [self],
    "frame-ancestors": ["'none'"],
  };
}
