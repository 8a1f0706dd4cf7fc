// `npm start`: build the PWA when the build is missing or stale, then run the server in this
// same Node process (server/index.ts serves the build and the APIs).
import { resolve } from "node:path";
import { ensureBuild } from "./build-state";

ensureBuild(resolve(process.env.STATIC_DIR ?? "dist"));
await import("../server/index");
