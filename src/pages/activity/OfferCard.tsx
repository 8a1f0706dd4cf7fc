// One discount on the activity pages (/welfare, /trial, /newUserActivity): plan and cycle, the
// price with the list price struck through and the percent off, the lessDay DeadlineTimer to the
// offer's end (none for offers without one), and its action: "Buy now" to /checkout with the
// discount's marketing_id and group_num, or for a type-7 discount not received yet "Receive"
// (receive-discount; signed out: the login prompt), after which it can be bought.
// Clicks are tracked as discount_click with the page's channel.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { MARKETING_CODES, MARKETING_TYPES } from "../../../contract/marketing";
import { receiveDiscount, type SimpleDiscount } from "../../api/discounts";
import { ApiError } from "../../api/errors";
import { localizedServerMessage } from "../../api/server-messages";
import { DeadlineTimer } from "../../components/DeadlineTimer";
import { cycleName, planName } from "../../features/commerce/labels";
import { track } from "../../features/tracking/tracker";
import { useBusy } from "../../hooks/use-busy";
import { formatPrice } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { showToast, useLocale } from "../../state/system";
import { openLoginDialog, useToken } from "../../state/user";

/** A discount as the activity pages show it (from simple-all or pay-discounts). */
export interface Offer extends Pick<
  SimpleDiscount,
  | "marketingId"
  | "groupNum"
  | "code"
  | "marketingType"
  | "plan"
  | "months"
  | "actualAmount"
  | "originalAmount"
  | "percentOff"
> {
  /** When it stops being usable (null: no end). */
  endsAt: string | null;
  /** Type 7: received by this user (false when unknown or signed out). */
  received: boolean;
}

export const CLICK_EVENT = "discount_click";

export function OfferCard({ offer, channelId = "", page }: { offer: Offer; channelId?: string; page: string }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const token = useToken();
  const [received, setReceived] = useState(offer.received);
  const [endsAt, setEndsAt] = useState(offer.endsAt);
  const [busy, run] = useBusy();
  const mustReceive = offer.marketingType === MARKETING_TYPES.RECEIVE && !received;
  const click = (target: string) =>
    void track(CLICK_EVENT, {
      marketing_id: offer.marketingId,
      group_num: offer.groupNum,
      code: offer.code,
      target,
      page,
      ...(channelId ? { channel_id: channelId } : {}),
    });

  const receive = () =>
    run(async () => {
      click("receive");
      try {
        const item = await receiveDiscount(offer.marketingId, offer.groupNum);
        setReceived(true);
        setEndsAt(item.usableEndTime);
        showToast(t`Discount received`);
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === MARKETING_CODES.DISCOUNT_ALREADY_RECEIVED)
          setReceived(true);
        if (failure instanceof ApiError && !failure.handled) showToast(localizedServerMessage(failure), "error");
        else if (!(failure instanceof ApiError)) showToast(t`Something went wrong. Please try again.`, "error");
      }
    });

  const percent = offer.percentOff;
  return (
    <li
      className="offer"
      data-testid="offer"
      data-marketing-id={offer.marketingId}
      data-group-num={offer.groupNum}
      data-code={offer.code}
      data-received={String(received)}
    >
      <p className="offer__plan">
        {planName(offer.plan, i18n)} · {cycleName(offer.months, i18n)}
      </p>
      <p className="offer__prices">
        <span className="offer__price" data-testid="offer-price">
          {formatPrice(offer.actualAmount, "USD", locale)}
        </span>{" "}
        <del className="offer__original" data-testid="offer-original">
          {formatPrice(offer.originalAmount, "USD", locale)}
        </del>{" "}
        {percent > 0 && (
          <span className="offer__percent" data-testid="offer-percent">
            <Trans>{percent}% off</Trans>
          </span>
        )}
      </p>
      {endsAt && <DeadlineTimer deadline={endsAt} testId="offer-deadline" />}
      {mustReceive ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={busy}
          aria-busy={busy}
          data-testid="offer-receive"
          onClick={token ? () => void receive() : openLoginDialog}
        >
          <Trans>Receive</Trans>
        </button>
      ) : (
        <Link
          href={hrefFor("checkout", { marketing_id: String(offer.marketingId), group_num: String(offer.groupNum) })}
          className="button button--primary button--block"
          data-testid="offer-buy"
          onClick={() => click("buy")}
        >
          <Trans>Buy now</Trans>
        </Link>
      )}
    </li>
  );
}
