# syntax=docker/dockerfile:1
#
# One image for every Pagelog process; docker-compose.yml picks the process with `command`.
# NOT BUILT on the machine where it was written (no Docker engine there): treat it as a first
# draft until `docker compose build` has run once.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits (see README: python3, make, g++).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The manifests first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY storage/package.json storage/
COPY service-kit/package.json service-kit/
COPY command-service/package.json command-service/
COPY projector/package.json projector/
COPY query-service/package.json query-service/
COPY site-web/package.json site-web/
COPY admin-web/package.json admin-web/
COPY server/package.json server/
COPY bench/package.json bench/
# Dev dependencies stay: services run their TypeScript through tsx (docs/decisions/0002).
RUN npm ci --no-audit --no-fund
COPY . .
# Builds the admin SPA and the public site's browser bundle.
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# Embedded mode (everything in one process on SQLite under /app/data) unless a command is given.
CMD ["npm", "start"]
