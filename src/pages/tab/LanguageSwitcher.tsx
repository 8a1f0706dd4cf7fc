// The language switcher of the Me page: each language under its native name.
import { useLingui } from "@lingui/react/macro";
import { isLocale, LOCALES, NATIVE_NAMES } from "../../i18n/locales";
import { switchLocale } from "../../i18n/switch-locale";
import { showToast, useLocale } from "../../state/system";

export function LanguageSwitcher({ id }: { id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const change = (value: string) => {
    if (!isLocale(value)) return;
    switchLocale(value).catch(() => showToast(t`Network connection error`, "error"));
  };

  return (
    <select
      id={id}
      className="select"
      value={locale}
      data-testid="language-switcher"
      onChange={(event) => change(event.target.value)}
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {NATIVE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
