// A search request checked and turned into what the database matches: the keyword folded
// (normalize.ts) and tokenized (tokenize.ts) into unique words and Thai/CJK n-gram runs, the
// page, and how many tokens a hit must match. Bad input is a SearchKeywordError (a 400).
import { InputError } from "../../../../lib/domain-error";
import { foldText } from "./normalize";
import { tokenize, type Token } from "./tokenize";

export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE_SIZE = 100;

export const SEARCH_SCORE = { exact: 1, prefix: 0.8, typoPerEdit: 0.25 } as const;
/** An n-gram run matches a document when at least this share of its grams occur there. */
export const MIN_NGRAM_COVERAGE = 0.5;

export class SearchKeywordError extends InputError {
  override name = "SearchKeywordError";
}

export interface SearchQuery {
  keyword: string;
  market?: string | null;
  /** 1-based. */
  page?: number;
  size?: number;
}

export interface SearchHit {
  id: string;
  /** Relevance in (0, 1]: 1 means every query word matched exactly. */
  score: number;
}

export interface SearchResult {
  total: number;
  page: number;
  size: number;
  hits: SearchHit[];
}

export interface ParsedQuery {
  tokens: Token[];
  market: string | null;
  page: number;
  size: number;
  /** Tokens a hit must match: all of one or two; two thirds of longer queries (a pasted title). */
  required: number;
}

/** Checks a request (throws SearchKeywordError) and tokenizes its keyword. */
export function parseSearchQuery(query: SearchQuery): ParsedQuery {
  const keyword = query.keyword.trim();
  if (!keyword) throw new SearchKeywordError("Enter a keyword to search");
  if ([...keyword].length > MAX_KEYWORD_LENGTH)
    throw new SearchKeywordError(`Keyword must be at most ${MAX_KEYWORD_LENGTH} characters`);
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  if (!Number.isInteger(page) || page < 1) throw new SearchKeywordError("page must be a whole number from 1");
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new SearchKeywordError(`size must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  const unique = new Map<string, Token>();
  for (const token of tokenize(foldText(keyword))) unique.set(`${token.kind}:${token.text}`, token);
  const tokens = [...unique.values()];
  const required = tokens.length <= 2 ? tokens.length : Math.ceil((tokens.length * 2) / 3);
  return { tokens, market: query.market ?? null, page, size, required };
}
