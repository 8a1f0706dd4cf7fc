// `npm start`: build the PWA and compile the server when either build is missing or stale (a
// short-lived tsx process runs scripts/build-state.ts), then run the compiled server in this
// plain Node process: it serves the build and the APIs without a TypeScript loader in memory.
// package.json runs this file with the V8 heap flags of SERVER_NODE_FLAGS (scripts/build-state.ts).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const buildState = fileURLToPath(new URL("./build-state.ts", import.meta.url));
const check = spawnSync(process.execPath, ["--import", "tsx", buildState], { stdio: "inherit" });
if (check.status !== 0) process.exit(check.status ?? 1);
await import("../dist-server/server/index.js");
