// The words of the invite screens that depend on data: why an invite earned no reward (the
// refusal of invite-pick-records in words), and "N days of Plan" for rewards and awards.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { InviteRefusal } from "../../../contract/marketing";
import { planName } from "../commerce/labels";

export const REFUSAL_LABELS: Readonly<Record<InviteRefusal, MessageDescriptor>> = {
  self: msg`Own account`,
  same_device: msg`Same device`,
  same_address: msg`Same network`,
  cap: msg`Reward limit reached`,
};

/** "7 days of Basic" in the user's language. */
export function planDays(days: number, plan: string, i18n: I18n): string {
  const name = planName(plan, i18n);
  return i18n._(msg`${plural(days, { one: `# day of ${name}`, other: `# days of ${name}` })}`);
}

/** A record's outcome: "Rewarded +7 days" or the refusal. */
export function recordOutcome(
  record: { rewarded: boolean; refusal: InviteRefusal | null; days: number },
  i18n: I18n,
): string {
  if (record.rewarded) {
    const days = record.days;
    return i18n._(msg`${plural(days, { one: "Rewarded +# day", other: "Rewarded +# days" })}`);
  }
  return i18n._(record.refusal ? REFUSAL_LABELS[record.refusal] : msg`No reward`);
}
