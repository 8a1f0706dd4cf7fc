// The market (country) the lists are shown for, named in the UI language. Changing it
// changes the shared store, so home, lists and search follow. Test id `market-select`.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { MARKETS, isMarket, type Market } from "../api/entities";
import { setMarket, useMarket } from "../state/rank-discover";

/** Messages rather than Intl.DisplayNames, whose region data costs about 300 ms of main thread
 *  on a throttled phone's first use (the home header shows a market name at once). */
export const MARKET_NAMES: Record<Market, MessageDescriptor> = {
  VN: msg`Vietnam`,
  ID: msg`Indonesia`,
  TH: msg`Thailand`,
  MY: msg`Malaysia`,
  PH: msg`Philippines`,
  SG: msg`Singapore`,
};

export function marketName(market: string, i18n: I18n): string {
  return isMarket(market) ? i18n._(MARKET_NAMES[market]) : market;
}

export function MarketSelect({ className = "select" }: { className?: string }) {
  const { i18n, t } = useLingui();
  const market = useMarket();
  return (
    <select
      className={className}
      value={market}
      aria-label={t`Market`}
      data-testid="market-select"
      onChange={(event) => isMarket(event.target.value) && setMarket(event.target.value)}
    >
      {MARKETS.map((code) => (
        <option key={code} value={code}>
          {marketName(code, i18n)}
        </option>
      ))}
    </select>
  );
}
