// The shape of the documents the web-view pages show (about, resources, features, terms,
// privacy): one module per language (documents-en.ts, -zh, -vi, -id, -th) exports all of them.
// They are documents, like the PDFs the spec's agreement links open, so they live here in
// lazily loaded chunks rather than in the UI catalogs every screen loads.

export const DOCUMENT_IDS = ["about", "resources", "features", "terms", "privacy"] as const;
export type DocumentId = (typeof DOCUMENT_IDS)[number];

export interface DocumentSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface AppDocument {
  title: string;
  /** A one-paragraph summary shown under the title. */
  summary: string;
  sections: readonly DocumentSection[];
}

/** When the documents were last changed (shown as "Last updated"); one date for every language. */
export const DOCUMENTS_UPDATED = "2026-11-20";

export type DocumentSet = Readonly<Record<DocumentId, AppDocument>>;
