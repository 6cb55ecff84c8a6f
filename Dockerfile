# syntax=docker/dockerfile:1
# Motif: one image for the web and worker processes (see compose.yaml and README "Deploy").

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
# jemalloc gives freed memory back to the system (docs/decisions/129), linked where
# scripts/malloc-tuning.mjs looks first on any architecture.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 \
    && ln -s "$(ls /usr/lib/*-linux-gnu/libjemalloc.so.2)" /usr/local/lib/libjemalloc.so.2 \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_ARENA_MAX=2 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=narenas:2,background_thread:true,dirty_decay_ms:250,muzzy_decay_ms:0,oversize_threshold:1048576 \
    NODE_OPTIONS=--max-semi-space-size=8
COPY --from=build /app/package.json /app/server.mjs ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
# The image's own user, not root: it owns only /data.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --liftoff-only as `npm start`: the embedded database's WebAssembly stays on V8's baseline
# compiler (docs/decisions/049).
CMD ["node", "--liftoff-only", "server.mjs"]
