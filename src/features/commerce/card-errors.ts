// The card-error monitor's client side: when paying or saving a card fails in the app, the code
// and stage go to POST /v1/user/subscription-monitor/card-error, fire and forget (a failed report
// is dropped; the user never sees it). Only codes and short messages are sent, never a number:
// runs of 8 or more digits (spaces or dashes between them too) are removed here as well as on
// the server.
import { reportCardError, type CardErrorReport } from "../../api/commerce";

const MAX_MESSAGE_LENGTH = 300;

/** The report as sent: the message without digit runs (8 or more) and at most 300 characters. */
export function cleanReport(report: CardErrorReport): CardErrorReport {
  if (report.message === undefined) return report;
  return { ...report, message: report.message.replace(/\d(?:[ -]?\d){7,}/g, "").slice(0, MAX_MESSAGE_LENGTH) };
}

export function sendCardError(report: CardErrorReport): void {
  reportCardError(cleanReport(report)).catch(() => undefined);
}
