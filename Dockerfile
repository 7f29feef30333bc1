# One image for every process of the inbox; the command chooses which one runs:
#   gateway/dist/main.js             the public REST gateway (default)
#   services/directory/dist/main.js  the directory gRPC service
#   services/inbox/dist/main.js      the inbox gRPC service (+ internal HTTP for uploads and media)
#   services/templates/dist/main.js  the templates gRPC service (+ internal HTTP for header media)
#   services/campaigns/dist/main.js  the campaigns gRPC service (+ internal HTTP for CSV import and exports);
#                                    with the argument `worker`: a campaign worker (the send queue)
#   services/analytics/dist/main.js  the analytics gRPC service (read models from events, the reports)
#   tools/whatsapp-sim/dist/main.js  the WhatsApp Cloud API simulator (development without Meta credentials)
#   all-in-one/dist/main.js          everything in one process, embedded database under /app/data
# e.g. `docker run -p 8080:8080 -v inbox-data:/app/data IMAGE all-in-one/dist/main.js`.
#
# A new workspace needs its package.json in the `manifests` stage and its dist/ (and
# src/db/migrations, if it has a database) in the `runtime` stage; test/deploy checks both.
# tools/bench (benchmark scripts) is the one workspace left out of the runtime stage: only its
# package.json is needed, so that `npm ci` matches the lock file.

# Node 24 LTS (supported until April 2028); the code also runs on Node 20.19+ and 22 (package.json engines).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

# Only the manifests, so the dependency layers are reused until a package.json or the lockfile changes.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY packages/whatsapp/package.json packages/whatsapp/
COPY services/directory/package.json services/directory/
COPY services/inbox/package.json services/inbox/
COPY services/templates/package.json services/templates/
COPY services/campaigns/package.json services/campaigns/
COPY services/analytics/package.json services/analytics/
COPY tools/whatsapp-sim/package.json tools/whatsapp-sim/
COPY tools/bench/package.json tools/bench/
COPY gateway/package.json gateway/
COPY all-in-one/package.json all-in-one/

FROM manifests AS build
RUN npm ci
COPY . .
RUN npm run build

FROM manifests AS prod-deps
RUN npm ci --omit=dev

FROM base AS runtime
ENV NODE_ENV=production
# Owned by root and read-only for the service user; only data/ is writable (all-in-one's database,
# data/media, where the inbox keeps media files, and data/template-media, where the templates
# service keeps header samples: mount volumes there).
COPY --from=prod-deps /app ./
# proto/ and the migrations are read at run time.
COPY --from=build /app/proto ./proto
COPY --from=build /app/packages/contracts/dist ./packages/contracts/dist
COPY --from=build /app/packages/platform/dist ./packages/platform/dist
COPY --from=build /app/packages/whatsapp/dist ./packages/whatsapp/dist
COPY --from=build /app/services/directory/dist ./services/directory/dist
COPY --from=build /app/services/directory/src/db/migrations ./services/directory/src/db/migrations
COPY --from=build /app/services/inbox/dist ./services/inbox/dist
COPY --from=build /app/services/inbox/src/db/migrations ./services/inbox/src/db/migrations
COPY --from=build /app/services/templates/dist ./services/templates/dist
COPY --from=build /app/services/templates/src/db/migrations ./services/templates/src/db/migrations
COPY --from=build /app/services/campaigns/dist ./services/campaigns/dist
COPY --from=build /app/services/campaigns/src/db/migrations ./services/campaigns/src/db/migrations
COPY --from=build /app/services/analytics/dist ./services/analytics/dist
COPY --from=build /app/services/analytics/src/db/migrations ./services/analytics/src/db/migrations
COPY --from=build /app/tools/whatsapp-sim/dist ./tools/whatsapp-sim/dist
COPY --from=build /app/gateway/dist ./gateway/dist
COPY --from=build /app/all-in-one/dist ./all-in-one/dist
COPY deploy/docker ./deploy/docker
# data/media and data/template-media exist in the image, owned by the service user, so that an
# empty named volume mounted there (docker-compose) starts with that owner.
RUN mkdir -p data/media data/template-media && chown -R node:node data
# The image's `node` user, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
# 9464: every process's Prometheus metrics, where METRICS_PORT sets it (the manifests do).
EXPOSE 8080 8082 8083 8084 50051 50052 50053 50054 50055 4010 9464
ENTRYPOINT ["node", "--enable-source-maps"]
CMD ["gateway/dist/main.js"]
