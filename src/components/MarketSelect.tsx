// The market (country) the lists are shown for, named in the UI language by Intl. Changing it
// changes the shared store, so home, lists and search follow. Test id `market-select`.
import { useLingui } from "@lingui/react/macro";
import { MARKETS, isMarket } from "../api/entities";
import type { Locale } from "../i18n/locales";
import { setMarket, useMarket } from "../state/rankDiscover";
import { useLocale } from "../state/system";

const regionNames = new Map<Locale, Intl.DisplayNames>();

export function marketName(market: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: "region" });
    regionNames.set(locale, names);
  }
  return names.of(market) ?? market;
}

export function MarketSelect({ className = "select" }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
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
          {marketName(code, locale)}
        </option>
      ))}
    </select>
  );
}
