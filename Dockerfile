# The Molecular GitHub App as a container: Probot serving dist/app.js on Node 24, as the
# unprivileged `node` user. From a clone:
#
#   docker build -t molecular-app .
#   docker run --env-file .env -p 3000:3000 molecular-app
#
# Configure it with Probot's environment (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET; see .env.example)
# when it runs: nothing secret is in the image. Register the App first (`npm start` in a clone, or
# by hand): the setup page cannot write .env inside the container. While the container runs, the
# App patrols the repositories it has heard from (MOLECULAR_PATROL_INTERVAL, 15m by default).
#
# The base image is pinned by the digest of its multi-platform index (both stages, the same one),
# so a build today and one next year start from the same bytes. Move it on purpose:
# `docker buildx imagetools inspect node:24-slim` prints the current index digest ("Digest:");
# Dependabot's docker updates (.github/dependabot.yml) propose the same as a pull request.

# Build: the exact dependency tree of package-lock.json (npm ci), the App bundled from the sources
# (not the committed dist/), then probot and its own dependencies set aside for the runtime.
FROM node:24-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/bundle.mjs scripts/probot-modules.mjs ./scripts/
COPY src ./src
RUN node scripts/bundle.mjs dist && node scripts/probot-modules.mjs /runtime

# Run: probot's tree, the App's bundle, app.yml and the built-in formulas (found next to dist/).
FROM node:24-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df
WORKDIR /app
ENV NODE_ENV=production
# The molecule leases speak git's smart HTTP from Node (git-lease.ts): the image needs no git.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /runtime/node_modules ./node_modules
COPY app.yml ./
COPY formulas ./formulas
COPY --from=build /src/dist/app.js ./dist/app.js

USER node
ENV PORT=3000 LOG_FORMAT=json
EXPOSE 3000
# Probot stops its server cleanly on SIGINT; it does not handle SIGTERM, which PID 1 then ignores.
STOPSIGNAL SIGINT
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ping`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "node_modules/probot/bin/probot.js", "run", "./dist/app.js"]
