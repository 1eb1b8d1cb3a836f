# One image for every role of the service (api, worker, ops, migrate): see docker/entrypoint.sh.
# The build stage installs everything, generates the Prisma client, compiles every package to
# JavaScript (`pnpm build`: src/**/*.ts → dist/**/*.js), prunes to production dependencies and
# gathers the production files into /prod; the runtime stage copies /prod and nothing else (no
# sources, tests, docs or build tools). The image runs plain `node …/dist/….js`: tsx
# is a development dependency and is not in it.
#
#   docker build -t service-gateway:local .
#   docker run --rm service-gateway:local migrate      # or api | worker | ops
#
# The base image is pinned by digest: node:24-bookworm-slim's multi-platform index as
# Docker Hub served it (Node 24.18.1, built 2026-07-30; recorded in github.com/docker-library/repo-info,
# repos/node/remote/24-bookworm-slim.md). Update the digest with the tag, e.g. from that record or
# `docker buildx imagetools inspect node:24-bookworm-slim`.
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:235600a8101ab264e117b1768e925532262668dc9b581ef1dd7d96ced463b8e7

# ---- build: full install (dev dependencies included), Prisma client, compile, then prune --------
FROM ${NODE_IMAGE} AS build
ENV CI=true \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1
# corepack cannot be relied on (registry signature checks); npm installs a pinned pnpm.
RUN npm install -g pnpm@10.34.9
WORKDIR /app

# Dependencies first, cached until the lockfile changes: every package into the store, which is
# part of this (build-only) layer, so later steps can install offline on any builder.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm config set store-dir /pnpm/store && pnpm fetch --frozen-lockfile

COPY . .
# Install scripts are not run (pnpm's policy here): the Prisma client is generated explicitly,
# with the WebAssembly engines only (no binary download). Then every package is compiled to dist/.
RUN pnpm install --frozen-lockfile --offline --ignore-scripts \
 && pnpm db:generate \
 && pnpm build

# Prune: drop every node_modules and install production dependencies only. The compiled dist/
# folders (with the generated Prisma client, packages/db/dist/generated) stay.
RUN find . -name node_modules -type d -prune -exec rm -rf {} + \
 && pnpm install --frozen-lockfile --offline --prod --ignore-scripts

# Production files only, into /prod (same layout, so pnpm's relative links and the paths the code
# computes from import.meta.url still resolve): the root's production node_modules (pnpm's store
# of every package's production dependencies) and the data read at run time (prisma/: the
# migrations `gw migrate` applies; the contracts' ABIs and bytecode are compiled into
# packages/contracts/dist); then, for each package the image runs (the apps, and the packages they import), its
# package.json (the `exports` Node resolves `@gw/*` with), dist/ and node_modules/ (links).
RUN mkdir /prod \
 && cp -a package.json node_modules prisma /prod/ \
 && for pkg in apps/admin apps/api apps/ops apps/worker packages/contracts packages/core packages/db packages/runtime; do \
      mkdir -p "/prod/$pkg" && cp -a "$pkg/package.json" "$pkg/dist" "$pkg/node_modules" "/prod/$pkg/"; \
    done

# ---- runtime: production files only, owned by root, run as `node` --------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    CHECKPOINT_DISABLE=1
WORKDIR /app
COPY --from=build /prod /app
COPY docker/entrypoint.sh /usr/local/bin/gw
RUN chmod 0755 /usr/local/bin/gw
USER node
EXPOSE 3000 3001
ENTRYPOINT ["gw"]
CMD ["api"]
