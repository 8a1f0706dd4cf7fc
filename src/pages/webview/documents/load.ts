// Which document a web-view route shows, and loading the documents of a language (one lazy
// chunk per language, fetched only when a document page opens).
import type { Locale } from "../../../i18n/locales";
import type { RouteName } from "../../../routing/paths";
import { DOCUMENT_IDS, type DocumentId, type DocumentSet } from "./types";

const LOADERS: Readonly<Record<Locale, () => Promise<{ default: DocumentSet }>>> = {
  en: () => import("./documents-en"),
  zh: () => import("./documents-zh"),
  vi: () => import("./documents-vi"),
  id: () => import("./documents-id"),
  th: () => import("./documents-th"),
};

export const loadDocuments = (locale: Locale): Promise<DocumentSet> =>
  LOADERS[locale]().then((module) => module.default);

/** /serve is the service agreement, /ys the privacy policy, /webview?page=ID any document; null = none. */
export function documentFor(route: RouteName, page: string | null): DocumentId | null {
  if (route === "serve") return "terms";
  if (route === "ys") return "privacy";
  return (DOCUMENT_IDS as readonly string[]).includes(page ?? "") ? (page as DocumentId) : null;
}
