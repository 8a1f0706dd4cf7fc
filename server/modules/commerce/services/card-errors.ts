// Card errors the app met (POST subscription-monitor/card-error), stored for support: the code,
// the message with every run of 8 or more digits removed (a card number, spaced or dashed or
// not, never reaches the database) and capped in length, the stage, method and order.
import type { Db } from "../../../db/client";
import { cardErrors } from "../../../db/schema";

/** 8 or more digits, each optionally preceded by one space or dash (4242 4242 4242 4242). */
const DIGIT_RUN = /\d(?:[ -]?\d){7,}/g;

export const stripDigitRuns = (text: string): string => text.replace(DIGIT_RUN, "[removed]");

export interface CardErrorReport {
  code: string;
  message: string;
  stage: string;
  method: string | null;
  subscriptionNo: string | null;
}

export async function recordCardError(db: Db, userId: number, report: CardErrorReport, now: Date): Promise<void> {
  await db.insert(cardErrors).values({
    userId,
    code: stripDigitRuns(report.code),
    message: stripDigitRuns(report.message),
    stage: report.stage,
    method: report.method,
    subscriptionNo: report.subscriptionNo,
    createdAt: now,
  });
}
