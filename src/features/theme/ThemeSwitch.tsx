// The Me page's theme row: a labelled "Theme" select with System (follow the device's light or
// dark setting), Light and Dark. A choice applies at once and is kept on this device (theme.ts).
import { useId, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { chooseTheme, THEME_CHOICES, themeChoice, type ThemeChoice } from "./theme";

const CHOICE_NAMES: Record<ThemeChoice, MessageDescriptor> = {
  system: msg`System`,
  light: msg`Light`,
  dark: msg`Dark`,
};

const isThemeChoice = (value: string): value is ThemeChoice => (THEME_CHOICES as readonly string[]).includes(value);

export function ThemeSwitch() {
  const { i18n } = useLingui();
  const id = useId();
  const [choice, setChoice] = useState(themeChoice);
  const change = (value: string) => {
    if (!isThemeChoice(value)) return;
    chooseTheme(value);
    setChoice(value);
  };
  return (
    <section className="card card--row">
      <label htmlFor={id}>
        <Trans>Theme</Trans>
      </label>
      <select
        id={id}
        className="select"
        value={choice}
        data-testid="theme-switch"
        onChange={(event) => change(event.target.value)}
      >
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {i18n._(CHOICE_NAMES[value])}
          </option>
        ))}
      </select>
    </section>
  );
}
