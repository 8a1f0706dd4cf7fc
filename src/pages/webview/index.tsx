// The web-view pages: /serve (service agreement), /ys (privacy policy) and /webview
// with ?page=about|resources|features (the footer's links). They show the documents of
// ./documents in the UI language, loaded on first use; an unknown page says so.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { hrefFor } from "../../routing/paths";
import type { PageProps } from "../../routing/route-types";
import type { Locale } from "../../i18n/locales";
import { formatBusinessDate } from "../../lib/format";
import { documentFor, loadDocuments } from "./documents/load";
import { DOCUMENTS_UPDATED, type DocumentSet } from "./documents/types";
import "./webview.css";

type Loaded = { status: "loading" } | { status: "failed" } | { status: "ready"; documents: DocumentSet };

const LOADING: Loaded = { status: "loading" };

/** The documents in `locale`: loading until the answer for this locale and attempt has come. */
function useDocuments(locale: Locale) {
  const [attempt, setAttempt] = useState(0);
  const request = `${locale}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    let current = true;
    loadDocuments(locale).then(
      (documents) => current && setAnswer({ request, loaded: { status: "ready", documents } }),
      () => current && setAnswer({ request, loaded: { status: "failed" } }),
    );
    return () => {
      current = false;
    };
  }, [locale, request]);
  const loaded = answer?.request === request ? answer.loaded : LOADING;
  return { loaded, retry: () => setAttempt((value) => value + 1) };
}

export default function WebviewPage({ route }: PageProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const id = documentFor(route.name, new URLSearchParams(useSearch()).get("page"));
  const { loaded, retry } = useDocuments(locale);

  if (id === null) {
    return (
      <div className="empty-state" data-testid="document-missing">
        <p className="empty-state__title">
          <Trans>Sorry, this page does not exist.</Trans>
        </p>
        <Link href={hrefFor("index")} className="button button--primary">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    );
  }
  if (loaded.status === "failed") {
    return (
      <div className="page-status" data-testid="document-failed">
        <p>
          <Trans>This page could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={retry}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  if (loaded.status === "loading") return <div className="document document--loading" data-testid="document-loading" />;

  const document = loaded.documents[id];
  const updated = formatBusinessDate(DOCUMENTS_UPDATED, locale);
  return (
    <article className="document" data-testid="document" data-document={id} lang={locale}>
      <h1 className="document__title">{document.title}</h1>
      <p className="document__updated muted">
        <Trans>Last updated {updated}</Trans>
      </p>
      <p className="document__summary">{document.summary}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="document__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
