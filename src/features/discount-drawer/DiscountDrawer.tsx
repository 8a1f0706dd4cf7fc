// The first-month discount drawer (spec §4), the lazy chunk behind DiscountDrawerLauncher: for
// the signed-in overseas user without a plan it polls the first-month list every 8 s and shows
// the first usable discount (price, list price, percent off, "Buy now" → /checkout with its
// marketing_id and group_num, the 10-minute Countdown, also on the badge). Nothing is shown while
// there is none (the "hidden when none" reading of spec §4).
// Full size once a day per user (drawer-visible-{userId}), otherwise the mini badge; the full
// drawer collapses to the badge after 5 s without action (paused while focus is inside), on
// Close, on Buy now and when the countdown ends. Closing the badge hides everything for the
// day (discount-show-date-{userId}) and clears the countdown cookies; polling stops then.
// Non-modal: no mask, no focus trap, the page stays usable; Escape inside the drawer is its
// Close, and closing it while focus is inside (Close, Escape, the countdown's end) puts focus
// on the badge's "Show discount". Tracking: discount_impression (drawer, badge) and
// discount_click (buy, close, badge, badge_close) with marketing_id.
import { useEffect, useId, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { DRAWER_COLLAPSE_MS } from "../../../contract/marketing";
import type { DiscountItem } from "../../api/discounts";
import { Countdown } from "../../components/Countdown";
import { formatPrice } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { useLocale } from "../../state/system";
import { cycleName, planName } from "../commerce/labels";
import { track } from "../tracking/tracker";
import { hideForToday, isHiddenToday, takeFullSizeToday } from "./drawer-days";
import { useDiscountPoll } from "./use-discount-poll";
import "./discount-drawer.css";

export type DrawerView = "none" | "full" | "mini" | "hidden";

export const IMPRESSION_EVENT = "discount_impression";
export const CLICK_EVENT = "discount_click";

const trackingDetails = (discount: DiscountItem) => ({
  marketing_id: discount.marketingId,
  group_num: discount.groupNum,
  code: discount.code,
});

export default function DiscountDrawer({ userId }: { userId: string | number }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const titleId = useId();
  const [view, setView] = useState<DrawerView>(() => (isHiddenToday(userId) ? "hidden" : "none"));
  const [discount, setDiscount] = useState<DiscountItem | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const badgeOpen = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useDiscountPoll(view !== "hidden", (answer) => {
    setDiscount(answer);
    if (answer && view === "none") setView(takeFullSizeToday(userId) ? "full" : "mini");
  });

  const shown = discount && (view === "full" || view === "mini") ? view : null;

  useEffect(() => {
    if (shown !== "full" || focusInside) return undefined;
    const timer = setTimeout(() => setView("mini"), DRAWER_COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [shown, focusInside]);

  const marketingId = discount?.marketingId;
  const groupNum = discount?.groupNum;
  const code = discount?.code;
  useEffect(() => {
    if (shown && marketingId !== undefined && groupNum !== undefined && code !== undefined) {
      void track(IMPRESSION_EVENT, {
        marketing_id: marketingId,
        group_num: groupNum,
        code,
        view: shown === "full" ? "drawer" : "badge",
      });
    }
  }, [shown, marketingId, groupNum, code]);

  useEffect(() => {
    if (shown !== "mini" || !refocus.current) return;
    refocus.current = false;
    badgeOpen.current?.focus();
  }, [shown]);

  if (!discount || !shown) return null;

  const click = (target: string) => void track(CLICK_EVENT, { ...trackingDetails(discount), target });
  const collapse = () => {
    setFocusInside(false);
    setView("mini");
  };
  /** Close, Escape and the countdown's end: focus inside moves to the badge. */
  const dismiss = () => {
    refocus.current = focusInside;
    collapse();
  };
  const close = () => {
    click("close");
    dismiss();
  };

  if (shown === "mini") {
    return (
      <div className="discount-badge" role="region" aria-label={t`First-month discount`} data-testid="discount-badge">
        <button
          type="button"
          className="discount-badge__open"
          ref={badgeOpen}
          aria-label={t`Show discount`}
          data-testid="discount-badge-open"
          onClick={() => {
            click("badge");
            setView("full");
          }}
        >
          <span className="discount-badge__percent" aria-hidden="true">
            −{discount.percentOff}%
          </span>
          <span className="discount-badge__label">
            <Trans>Show discount</Trans>
          </span>
        </button>
        <Countdown label={t`Offer ends in`} testId="discount-badge-countdown" />
        <button
          type="button"
          className="discount-badge__close"
          aria-label={t`Hide for today`}
          data-testid="discount-badge-close"
          onClick={() => {
            click("badge_close");
            hideForToday(userId);
            setView("hidden");
          }}
        >
          ×
        </button>
      </div>
    );
  }

  const price = formatPrice(discount.actualAmount, "USD", locale);
  const original = formatPrice(discount.originalAmount, "USD", locale);
  const percent = discount.percentOff;
  const plan = planName(discount.plan, i18n);
  const cycle = cycleName(discount.months, i18n);
  return (
    <div
      className="discount-drawer"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="discount-drawer"
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <button
        type="button"
        className="discount-drawer__close"
        aria-label={t`Close`}
        data-testid="discount-drawer-close"
        onClick={close}
      >
        ×
      </button>
      <p className="discount-drawer__title" id={titleId}>
        <Trans>First-month discount</Trans>
      </p>
      <p className="discount-drawer__plan">
        {plan} · {cycle}
      </p>
      <p className="discount-drawer__prices">
        <span className="discount-drawer__price" data-testid="discount-drawer-price">
          {price}
        </span>{" "}
        <del className="discount-drawer__original" data-testid="discount-drawer-original">
          {original}
        </del>{" "}
        <span className="discount-drawer__percent" data-testid="discount-drawer-percent">
          <Trans>{percent}% off</Trans>
        </span>
      </p>
      <p className="discount-drawer__ends">
        <Trans>Offer ends in</Trans> <Countdown label={t`Offer ends in`} onClose={dismiss} />
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        data-testid="discount-drawer-buy"
        onClick={() => {
          click("buy");
          collapse();
          navigate(
            hrefFor("checkout", { marketing_id: String(discount.marketingId), group_num: String(discount.groupNum) }),
          );
        }}
      >
        <Trans>Buy now</Trans>
      </button>
    </div>
  );
}
