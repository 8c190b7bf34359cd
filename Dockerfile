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
FROM node:24-slim

WORKDIR /app
ENV NODE_ENV=production

# dist/app.js carries everything it uses except probot, which runs it. probot is a devDependency
# of the package (only this way of running the App needs it), so it is installed alone, at the
# version package.json pins and with the dependency tree package-lock.json pins.
COPY package.json package-lock.json ./
RUN probot="probot@$(node -p 'require("./package.json").devDependencies.probot')" \
  && npm pkg delete devDependencies peerDependencies peerDependenciesMeta scripts \
  && npm install --omit=dev --save-exact --ignore-scripts --no-audit --no-fund "$probot" \
  && npm cache clean --force

# app.yml for Probot; formulas/ holds the built-in formulas, found next to dist/.
COPY app.yml ./
COPY formulas ./formulas
COPY dist/app.js ./dist/app.js

USER node
ENV PORT=3000 LOG_FORMAT=json
EXPOSE 3000
# Probot stops its server cleanly on SIGINT; it does not handle SIGTERM, which PID 1 then ignores.
STOPSIGNAL SIGINT
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ping`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node_modules/.bin/probot", "run", "./dist/app.js"]
