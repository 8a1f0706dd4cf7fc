// The React runtime as a boot step of its own (main.tsx imports it first, in a task of its own):
// React, React DOM's client and the scheduler are the biggest modules of the first screen, so
// evaluating them apart from the app keeps each boot task short on a slow phone.
export { createRoot } from "react-dom/client";
export { lazy, startTransition, StrictMode, Suspense } from "react";
