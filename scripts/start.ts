// What `npm start` (scripts/start.mjs) does, for callers already running under tsx (the e2e
// setup starts this file): bring the PWA and the compiled server up to date, then run the
// compiled server (dist-server/) in this same process.
import { pathToFileURL } from "node:url";
import { ensureStartBuilds, SERVER_ENTRY } from "./build-state";

ensureStartBuilds();
await import(pathToFileURL(SERVER_ENTRY).href);
