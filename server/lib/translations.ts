// Server-side translations: the app's Lingui catalogs (locales/<locale>/messages.po) read once per
// locale and compiled, so messages the server writes (monitor alerts and their pushes) come out in
// the reader's language. Messages carry explicit ids (`/*i18n*/ { id, message }` descriptors,
// which `npm run i18n:extract` picks up); a locale without a translation gets the English message.
import { readFileSync } from "node:fs";
import path from "node:path";
import { setupI18n, type I18n, type MessageDescriptor } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../contract/locales";

export type Values = Record<string, string | number>;

export interface Translator {
  /** The descriptor's message in `locale` (English for unknown locales or missing translations). */
  format: (locale: string, descriptor: MessageDescriptor, values?: Values) => string;
}

const po = formatter({ lineNumbers: false });

/** id -> translation of one catalog file; a missing file is an empty catalog. */
export async function readCatalog(file: string, locale: Locale): Promise<Record<string, string>> {
  let content: string;
  try {
    content = readFileSync(file, "utf8");
  } catch {
    return {};
  }
  const catalog = await po.parse(content, { locale, sourceLocale: DEFAULT_LOCALE, filename: file });
  const messages: Record<string, string> = {};
  for (const [id, entry] of Object.entries(catalog ?? {})) {
    if (entry.translation) messages[id] = entry.translation;
  }
  return messages;
}

/** Reads every locale's catalog under `dir` (locales/ by default) once and compiles it. */
export async function loadTranslator(dir = path.resolve("locales")): Promise<Translator> {
  const instances = new Map<Locale, I18n>();
  for (const locale of ["zh", "en", "vi", "id", "th"] as const) {
    const raw = await readCatalog(path.join(dir, locale, "messages.po"), locale);
    const compiled = Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, compileMessage(text)]));
    instances.set(locale, setupI18n({ locale, messages: { [locale]: compiled } }));
  }
  return {
    format(locale, descriptor, values) {
      const i18n = instances.get(isLocale(locale) ? locale : DEFAULT_LOCALE)!;
      // A message without a translation: compile the English text of the descriptor.
      if (!i18n.messages[descriptor.id])
        i18n.load(i18n.locale, { [descriptor.id]: compileMessage(descriptor.message!) });
      return i18n._(descriptor.id, values);
    },
  };
}
