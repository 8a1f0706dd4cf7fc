// An infinite list's data: pages fetched one after another through an API module and
// appended, with the load-more status (more, loading, none), a failure state whose retry
// loads the same page again, and refresh() for pull-to-refresh. A change of `deps` starts
// over; answers for an earlier query or refresh are dropped.
import { useCallback, useEffect, useRef, useState, type DependencyList } from "react";
import { useLatest } from "./use-latest";
import type { LoadMoreStatus } from "../components/LoadMore";

export interface PageResult<T> {
  list: T[];
  total: number;
  /** The page size asked for: a shorter page is the last one. */
  size?: number;
  /** The caller's plan hides the rest of the list. */
  limited?: boolean;
  updatedAt?: string;
}

export interface PagedList<T> {
  rows: T[];
  total: number;
  limited: boolean;
  updatedAt: string | undefined;
  /** "more" also after a failure (tapping it retries). */
  status: LoadMoreStatus;
  failed: boolean;
  /** True until the first page has answered. */
  initial: boolean;
  refreshing: boolean;
  loadMore: () => void;
  refresh: () => Promise<void>;
}

interface ListState<T> {
  rows: T[];
  page: number;
  total: number;
  limited: boolean;
  updatedAt: string | undefined;
  done: boolean;
  failed: boolean;
  loading: boolean;
  initial: boolean;
  refreshing: boolean;
}

/** A query's state until its first page answers: nothing yet, the first page loading. */
const emptyState = <T>(): ListState<T> => ({
  rows: [],
  page: 0,
  total: 0,
  limited: false,
  updatedAt: undefined,
  done: false,
  failed: false,
  loading: true,
  initial: true,
  refreshing: false,
});

export function usePagedList<T>(
  fetchPage: (page: number) => Promise<PageResult<T>>,
  deps: DependencyList,
): PagedList<T> {
  const [state, setState] = useState<ListState<T>>(emptyState);
  // A new query is loading from its first render on, instead of showing the previous query's
  // rows and total until the effect below has run.
  const [query, setQuery] = useState<DependencyList>(deps);
  if (query.length !== deps.length || query.some((value, index) => !Object.is(value, deps[index]))) {
    setQuery(deps);
    setState(emptyState());
  }
  const generation = useRef(0);
  const current = useLatest(state);
  const fetcher = useLatest(fetchPage);

  /** Fetches a page into the list (the state already says it is loading). */
  const fetchInto = useCallback(
    (page: number): Promise<void> => {
      const call = generation.current;
      // A promise also when the fetch throws at once: the throw is the page's failure.
      return new Promise<PageResult<T>>((resolve) => resolve(fetcher.current(page))).then(
        (result) => {
          if (call !== generation.current) return;
          setState((previous) => {
            const rows = page === 1 ? result.list : [...previous.rows, ...result.list];
            const short = result.size !== undefined && result.list.length < result.size;
            const done = result.list.length === 0 || short || rows.length >= result.total;
            return {
              rows,
              page,
              total: result.total,
              limited: Boolean(result.limited),
              updatedAt: result.updatedAt ?? previous.updatedAt,
              done,
              failed: false,
              loading: false,
              initial: false,
              refreshing: false,
            };
          });
        },
        () => {
          if (call !== generation.current) return;
          setState((previous) => ({ ...previous, loading: false, failed: true, initial: false, refreshing: false }));
        },
      );
    },
    [fetcher],
  );

  const load = useCallback(
    (page: number, fresh: boolean) => {
      setState((previous) => ({
        ...previous,
        loading: true,
        failed: false,
        refreshing: fresh && page === 1 && !previous.initial,
      }));
      return fetchInto(page);
    },
    [fetchInto],
  );

  // The first page: the state is already the query's empty one, loading (reset during the
  // render that saw the new query).
  useEffect(() => {
    generation.current += 1;
    void fetchInto(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps describe the query
  }, deps);

  const loadMore = useCallback(() => {
    const { loading, done, page } = current.current;
    if (loading || done) return;
    void load(page + 1, false);
  }, [current, load]);

  const refresh = useCallback(async () => {
    generation.current += 1;
    await load(1, true);
  }, [load]);

  const status: LoadMoreStatus = state.loading && !state.refreshing ? "loading" : state.done ? "none" : "more";
  return {
    rows: state.rows,
    total: state.total,
    limited: state.limited,
    updatedAt: state.updatedAt,
    status,
    failed: state.failed,
    initial: state.initial,
    refreshing: state.refreshing,
    loadMore,
    refresh,
  };
}
