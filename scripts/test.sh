#!/usr/bin/env bash
# `npm test`: every tier, in the order a failure is cheapest to find: catalogs, types, the guard
# rails (format, layout, lint), unit and server tests, then e2e, which runs the production
# build through the real server on Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx scripts/check-catalogs.ts
npm run typecheck
npm run format:check
npm run layout
npm run lint
npx vitest run --project unit --project server --project layout
npx vitest run --project e2e
