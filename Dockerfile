# ShopRadar server image: the PWA build (dist/) and the compiled server (dist-server/) on plain
# Node, as `npm start` runs them. docs/deployment.md; NOT tested on the build machine (no Docker
# daemon there): the tested topology is `npm run cluster`.

# Build: every package, then both builds (scripts/build-state.ts is what `npm start` runs first).
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node --import tsx scripts/build-state.ts

# Production packages only (the server imports its dependencies from node_modules).
FROM node:20-bookworm AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_DIR=/app/dist \
    DATA_DIR=/data
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The embedded database's folder (used only without DATABASE_URL); owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# The V8 heap flags of `npm start` (scripts/build-state.ts SERVER_NODE_FLAGS).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=20", "dist-server/server/index.js"]
