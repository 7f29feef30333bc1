#!/usr/bin/env bash
# The test suite against real PostgreSQL, RabbitMQ and Redis (the local servers by default).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export AMQP_URL="${AMQP_URL:-amqp://guest:guest@127.0.0.1:5672}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
bash scripts/ensure-servers.sh
exec npm test -- "$@"
