#!/usr/bin/env bash
# README command 1: brings the whole product up on this machine — Postgres
# and Redis (installed and started when missing), the web app build,
# migrations, demo data — then runs api, worker and scheduler from the
# Procfile until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
. ops/services.sh

export DATABASE_URL="${DATABASE_URL:-$DATABASE_URL_BASE/creatorcoach?sslmode=disable}"
export HTTP_ADDR="${HTTP_ADDR:-:8080}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:${HTTP_ADDR##*:}}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
export WEB_DIR="${WEB_DIR:-$PWD/web/dist}"
export OPS_USER="${OPS_USER:-ops}" OPS_PASSWORD="${OPS_PASSWORD:-ops}"
create_db "$(basename "${DATABASE_URL%%\?*}")"

ensure_node
log "building the web app"
(cd web && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run build --silent) >/dev/null

log "building api, worker and scheduler"
go build -o bin/ ./cmd/...
./bin/api migrate
./bin/api seed

cat <<MSG

  Creator Coach is starting at $PUBLIC_URL
  Queue dashboard (asynqmon): $PUBLIC_URL/ops/queues  (user $OPS_USER, password $OPS_PASSWORD)
  Metrics: $PUBLIC_URL/metrics · health: $PUBLIC_URL/healthz · readiness: $PUBLIC_URL/readyz
  Mail is written to $DATA_DIR/mail (set MAIL_URL=smtp://... to send it)
  Stop with Ctrl-C.

MSG
exec go tool goreman -f Procfile start
