// The latest value of a prop or callback for effects and event handlers that outlive a render
// (scroll listeners, timers, pending requests): kept in a ref that is written after each commit,
// never during render.
import { useLayoutEffect, useRef, type RefObject } from "react";

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
