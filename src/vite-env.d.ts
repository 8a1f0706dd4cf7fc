// Types for what the build provides: Vite env variables and PO catalogs compiled on import
// by @lingui/vite-plugin.

interface ImportMetaEnv {
  /** Base URL of the API; empty means same origin. */
  readonly VITE_API_BASE?: string;
  /** Pins the edition (13 Chinese, 14 overseas) regardless of locale. */
  readonly VITE_SYSTEM_ID?: string;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
