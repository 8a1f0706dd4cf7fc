// When work runs, for the boot and the home's first screens on a slow phone: in a new task
// (after the browser could paint and handle input), after the next frame was drawn, or when the
// browser is idle. Tiny on purpose: the entry module imports it.

/** Resolves in a new task, after the browser had the chance to paint and handle input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` in a new task once the next frame was drawn (layout and paint of the last commit done); returns a cancel. */
export function afterNextFrame(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(work, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Runs `work` when the browser is idle (or after a second where idle callbacks do not exist). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => work(), { timeout: 4000 });
  else setTimeout(work, 1000);
}
