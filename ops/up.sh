#!/usr/bin/env bash
# README command 1: brings the whole product up on this machine — Postgres
# and Redis (installed and started when missing), the web app build,
# migrations, demo data — then runs api, worker and scheduler from the
# Procfile until Ctrl-C.
#
# Before installing anything it checks that Go and Node.js are as new as go.mod
# and web/package.json ask. On Ctrl-C (or any exit) it stops the processes and
# every service it started itself (a private Postgres, Redis, stripe-mock or, with STORAGE=s3, the S3 server),
# never one that was already running.
set -euo pipefail
cd "$(dirname "$0")/.."

GOREMAN_PID=""
cleanup() {
  trap - EXIT INT TERM
  if [ -n "$GOREMAN_PID" ] && kill -0 "$GOREMAN_PID" 2>/dev/null; then
    kill -INT "$GOREMAN_PID" 2>/dev/null || true # goreman stops api, worker and scheduler (SIGKILL after 10 s)
    wait "$GOREMAN_PID" 2>/dev/null || true
  fi
  if declare -F stop_started_services >/dev/null; then stop_started_services; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

NEED_NODE=1
. ops/services.sh

export DATABASE_URL="${DATABASE_URL:-$DATABASE_URL_BASE/creatorcoach?sslmode=disable}"
export HTTP_ADDR="${HTTP_ADDR:-:8080}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:${HTTP_ADDR##*:}}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
export WEB_DIR="${WEB_DIR:-$PWD/web/dist}"
export OPS_USER="${OPS_USER:-ops}" OPS_PASSWORD="${OPS_PASSWORD:-ops}"
if [ "${STORAGE:-}" = s3 ]; then # uploads and roster files in the local S3 server (ensure_versitygw, services.sh)
  export S3_ENDPOINT="${S3_ENDPOINT:-$S3_TEST_ENDPOINT}" S3_BUCKET="${S3_BUCKET:-creatorcoach}"
  export S3_ACCESS_KEY_ID="${S3_ACCESS_KEY_ID:-$VERSITYGW_ACCESS}" S3_SECRET_ACCESS_KEY="${S3_SECRET_ACCESS_KEY:-$VERSITYGW_SECRET}"
fi
create_db "$(basename "${DATABASE_URL%%\?*}")"

ensure_node
log "building the web app"
(cd web && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run build --silent) >/dev/null

log "building api, worker and scheduler"
go build -o bin/ ./cmd/... github.com/mattn/goreman
./bin/api migrate
./bin/api seed

cat <<MSG

  Creator Coach is starting at $PUBLIC_URL
  Queue dashboard (asynqmon): $PUBLIC_URL/ops/queues  (user $OPS_USER, password $OPS_PASSWORD)
  API docs: $PUBLIC_URL/api/docs  (OpenAPI document: $PUBLIC_URL/api/openapi.json)
  Metrics: $PUBLIC_URL/metrics · health: $PUBLIC_URL/healthz · readiness: $PUBLIC_URL/readyz
  Uploads and roster files: ${STORAGE:-local} storage$([ "${STORAGE:-}" = s3 ] && echo " (bucket $S3_BUCKET at $S3_ENDPOINT)" || echo " under $DATA_DIR")
  Mail is written to $DATA_DIR/mail (set MAIL_URL=smtp://... to send it)
  Stop with Ctrl-C.

MSG
# goreman runs as a child (not exec) so that the trap above can stop what this script started once it is done.
./bin/goreman -f Procfile start &
GOREMAN_PID=$!
wait "$GOREMAN_PID"
