#!/usr/bin/env bash
# `npm test`: every tier, in the order a failure is cheapest to find. E2E runs the
# production build through the real server on Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx scripts/check-catalogs.ts
npm run typecheck
npx vitest run --project unit --project server
npx vitest run --project e2e
