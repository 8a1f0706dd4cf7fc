// Demo mode only: `?demo-crash` in the URL makes the page throw while rendering, so the e2e
// suite (and a person trying the demo) can see the page's error boundary and the error report
// reach the server. Renders nothing otherwise; production servers never run in demo mode.
import { useSearch } from "wouter";
import { siteConfig } from "../platform/site-config";

export const DEMO_CRASH_FLAG = "demo-crash";

export function DemoCrash() {
  const crash = new URLSearchParams(useSearch()).has(DEMO_CRASH_FLAG);
  if (crash && siteConfig().demoMode) throw new Error(`Demo crash (?${DEMO_CRASH_FLAG})`);
  return null;
}
