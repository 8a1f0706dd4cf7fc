// Loads data for a screen through an API module: the latest result for the current inputs
// (answers to older inputs are dropped), the failure, and reload(). The error catalogue has
// already shown the user what went wrong; screens only decide what stays on the page.
import { startTransition, useCallback, useEffect, useState, type DependencyList } from "react";

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** The answer to one request: its data (or the data kept from before) and its failure. */
interface Answer<T> {
  request: number;
  data: T | undefined;
  error: unknown;
}

export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  // The current request: a change of the caller's deps (seen during render) or reload() starts the next.
  const [request, setRequest] = useState({ deps, id: 0 });
  if (request.deps.length !== deps.length || request.deps.some((value, index) => !Object.is(value, deps[index]))) {
    setRequest({ deps, id: request.id + 1 });
  }
  const [answer, setAnswer] = useState<Answer<T>>({ request: -1, data: undefined, error: undefined });
  const id = request.id;

  useEffect(() => {
    let current = true;
    load().then(
      // A transition: React renders the new data in slices, so a big answer blocks no input.
      (data) => current && startTransition(() => setAnswer({ request: id, data, error: undefined })),
      (error: unknown) => current && setAnswer((previous) => ({ request: id, data: previous.data, error })),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `id` changes with the caller's deps, which describe `load`
  }, [id]);

  const reload = useCallback(() => setRequest((previous) => ({ deps: previous.deps, id: previous.id + 1 })), []);
  // Until the current request answers: loading, no failure, and the previous data.
  const answered = answer.request === id;
  return { data: answer.data, error: answered ? answer.error : undefined, loading: !answered, reload };
}
