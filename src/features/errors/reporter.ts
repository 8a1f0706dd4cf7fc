// Client error reporting, in the boot bundle so it catches errors from the start: window errors,
// unhandled rejections and React's boundary errors (boot.tsx) become reports (describe.ts) with
// the route's name and the app version. They wait here until tracking starts
// (boot/background-work.ts sets the sender), then go through the tracking outbox, which batches
// them and keeps them offline. At most MAX_REPORTS_PER_PAGE per page load, so a loop of errors
// cannot flood the outbox.
import { CLIENT_ERROR_EVENT, type ClientErrorKind, type ClientErrorReport } from "../../../contract/client-errors";
import { APP_VERSION } from "../../lib/version";
import { pageNameOf } from "../../routing/resolve";
import { describeError } from "./describe";

export const MAX_REPORTS_PER_PAGE = 20;

/** Sends one report as the tracking event named `event` (the tracker's chunk does not import
 *  the contract itself, so the contract stays in the boot chunk instead of a chunk of its own). */
type Sender = (event: typeof CLIENT_ERROR_EVENT, report: ClientErrorReport) => void;

let sender: Sender | null = null;
let waiting: ClientErrorReport[] = [];
let reported = 0;

export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  if (reported >= MAX_REPORTS_PER_PAGE) return;
  reported += 1;
  const report = describeError(kind, error, pageNameOf(location.pathname), APP_VERSION);
  if (sender) sender(CLIENT_ERROR_EVENT, report);
  else waiting.push(report);
}

/** From now on reports go to `send`; those waiting go first, in order. */
export function setClientErrorSender(send: Sender): void {
  sender = send;
  const queued = waiting;
  waiting = [];
  for (const report of queued) send(CLIENT_ERROR_EVENT, report);
}

/** Reports uncaught errors and unhandled rejections of `target` (the window). */
export function installGlobalErrorHandlers(target: Window): void {
  target.addEventListener("error", (event) => reportClientError("error", event.error ?? event.message));
  target.addEventListener("unhandledrejection", (event) => reportClientError("unhandledrejection", event.reason));
}

/** Tests start from a clean reporter. */
export function resetClientErrors(): void {
  sender = null;
  waiting = [];
  reported = 0;
}
