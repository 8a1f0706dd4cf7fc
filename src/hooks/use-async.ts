// Loads data for a screen through an API module: the latest result for the current inputs
// (answers to older inputs are dropped), the failure, and reload(). The error catalogue has
// already shown the user what went wrong; screens only decide what stays on the page.
import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from "react";

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const call = ++latest.current;
    setState((previous) => ({ ...previous, error: undefined, loading: true }));
    load().then(
      // A transition: React renders the new data in slices, so a big answer blocks no input.
      (data) => call === latest.current && startTransition(() => setState({ data, error: undefined, loading: false })),
      (error: unknown) => call === latest.current && setState((previous) => ({ data: previous.data, error, loading: false })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps describe `load`
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
