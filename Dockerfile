# One image for every role of the service (api, worker, ops, migrate): see docker/entrypoint.sh.
# The build stage installs everything, generates the Prisma client, compiles every package to
# JavaScript (`pnpm build`: src/**/*.ts → dist/**/*.js), then prunes to production dependencies.
# The image runs plain `node …/dist/….js`: tsx is a development dependency and is not in it.
#
#   docker build -t service-gateway:local .
#   docker run --rm service-gateway:local migrate      # or api | worker | ops

ARG NODE_IMAGE=node:24-bookworm-slim

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

# ---- runtime: production dependencies and dist/, owned by root, run as `node` --------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    CHECKPOINT_DISABLE=1
WORKDIR /app
COPY --from=build /app /app
COPY docker/entrypoint.sh /usr/local/bin/gw
RUN chmod 0755 /usr/local/bin/gw
USER node
EXPOSE 3000 3001
ENTRYPOINT ["gw"]
CMD ["api"]
