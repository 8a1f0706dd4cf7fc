// The product categories for the list filter, fetched once per language (they are named in
// the request's language) and shared by every list that filters by category.
import { productCategories, type Category } from "../../../api/rank";
import { useAsync } from "../../../hooks/use-async";
import type { Locale } from "../../../i18n/locales";
import { useLocale } from "../../../state/system";

const cache = new Map<Locale, Promise<Category[]>>();

function categoriesIn(locale: Locale): Promise<Category[]> {
  let pending = cache.get(locale);
  if (!pending) {
    pending = productCategories().catch((error: unknown) => {
      cache.delete(locale);
      throw error;
    });
    cache.set(locale, pending);
  }
  return pending;
}

export function useCategories(enabled: boolean): readonly Category[] {
  const locale = useLocale();
  const { data } = useAsync(() => (enabled ? categoriesIn(locale) : Promise.resolve([])), [locale, enabled]);
  return data ?? [];
}
