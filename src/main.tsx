// Entry: a few lines that boot the app in steps, each evaluated in a task of its own with a
// yield to the browser in between (a 4x slower phone would otherwise spend one long task
// evaluating React DOM and the app together): the React runtime (boot/runtime.ts), then the app
// and its boot (boot/boot.tsx). The chunks of both steps are fetched in parallel from the start
// (index.html lists them as module preloads, see scripts/home-shell.ts). The first screen's
// stylesheets are imported here, so the build puts them inline in index.html.
import "./app/shell.css";
import "./pages/tab/home-brand.css";
import "./pages/tab/home.css";
import "./components/data.css";
import "./components/offline.css";
import "./components/popup.css";
// Last of the first screen's sheets: the desktop layout overrides the mobile-first rules above.
import "./app/desktop.css";
// The browser's install offer can come before the app's chunks have run: caught from the start.
import "./features/install/install-prompt";
import { nextTask } from "./platform/schedule";

async function start(): Promise<void> {
  await import("./boot/runtime");
  await nextTask();
  const { boot } = await import("./boot/boot");
  await nextTask();
  await boot();
}

void start();
