#!/usr/bin/env bash
# README command 2: runs every test — Go tests against real Postgres and
# Redis, the web lint, types (checked against the OpenAPI document), unit tests
# and bundle budget, and the browser end-to-end tests in Chromium against a
# real api + worker. Installs and starts what it needs (Postgres, Redis,
# Chromium, node modules) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. ops/services.sh
ensure_node

export TEST_DATABASE_URL="$DATABASE_URL_BASE/postgres?sslmode=disable"
export TEST_REDIS_URL="$REDIS_URL"
status=0
step() { printf '\n\033[1;35m== %s\033[0m\n' "$*"; }
# Parts to run: `bash ops/test.sh [go] [faults] [web] [e2e] [image]` (default: all). E2E_FILES narrows the browser tests
# (e.g. E2E_FILES=e2e/creator-import.test.mjs). Browser runs on one machine take turns (the port, database and
# Redis database 15 are shared).
PARTS="${*:-go faults web e2e image}"
want() { case " $PARTS " in *" $1 "*) return 0;; esac; return 1; }

# The container image builds in the background from the start (it mostly compiles, as the Go tests do, but also
# downloads and copies); its check at the end finds every layer built.
image_pid=""
if want image; then
  ( bash ops/image.sh build >"$RUN_DIR/image-prebuild.log" 2>&1 ) & image_pid=$!
fi

if want go; then
step "gofmt (any file it lists is not formatted)"
unformatted="$(gofmt -l .)"
if [ -n "$unformatted" ]; then printf 'not gofmt-formatted:\n%s\n' "$unformatted"; status=1; fi
step "go vet"
go vet ./...
step "go test"
go test -count=1 ./... || status=1
step "go test: the file tests again with STORAGE=s3 (a real S3 server, versitygw)"
ensure_versitygw
STORAGE=s3 go test -count=1 ./store/blob/... ./jobs -run 'File|CreatorImport|Recover|Store' || status=1
STORAGE=s3 go test -count=1 ./cmd/api -run 'File|Upload|Download|Creator|Import|Storage|Campaign|Profile' || status=1
fi

# The fault suite mostly waits (outages, restarts, failovers, scheduler slots) on its own Postgres cluster and Redis,
# so it runs beside the web checks, which mostly compute; its output is printed whole when it ends.
faults_pid=""
if want faults; then
step "fault suite (own Postgres cluster and Redis; Redis outage, Postgres restart, worker kill, two workers, XLSX bomb, Sentinel failover, standby scheduler, cluster): started beside the web checks"
# The sentinel scenario's Sentinels are redis-sentinel when installed, else redis-server --sentinel: Debian's
# redis-sentinel package is the same binary (and would start a system Sentinel of its own).
command -v redis-server >/dev/null || apt_install redis-server
command -v haproxy >/dev/null || apt_install haproxy # the cluster scenario's load balancer
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || apt_install postgresql
faults_log="$RUN_DIR/faults.log"
go build -o "$RUN_DIR/faults-bin" ./ops/faults
( "$RUN_DIR/faults-bin" >"$faults_log" 2>&1 ) & faults_pid=$!
fi
faults_wait() {
  [ -n "$faults_pid" ] || return 0
  step "fault suite (its output)"
  wait "$faults_pid" || status=1
  cat "$faults_log"
  faults_pid=""
}

if want web || want e2e; then
step "web: install"
# Installed again only when the lock file's content changed since the last install (its SHA-256 is kept beside the
# modules), not when a checkout merely made the file newer.
lock_sum="$(sha256sum web/package-lock.json | cut -d' ' -f1)"
if [ ! -d web/node_modules ] || [ "$(cat web/node_modules/.creatorcoach-lock-sha256 2>/dev/null)" != "$lock_sum" ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error && echo "$lock_sum" > node_modules/.creatorcoach-lock-sha256)
fi
fi
if want web; then
step "web: lint (ESLint: hooks, jsx-a11y, feature boundaries)"
(cd web && npm run lint) || status=1
step "web: types (src/lib/api-schema.d.ts generated from the OpenAPI document; tsc --noEmit --checkJs)"
(cd web && npm run typecheck) || status=1
step "web: unit tests"
(cd web && npm test) || status=1
step "web: build and bundle budget"
(cd web && npm run build --silent && npm run size) || status=1
fi
faults_wait

if want e2e; then
exec 9>"${TMPDIR:-/tmp}/creatorcoach-e2e.lock"
flock 9
step "browser end-to-end"
[ -x /usr/bin/chromium ] || apt_install chromium chromium-driver
[ -f web/dist/index.html ] || (cd web && npm run build --silent) # `e2e` alone on a fresh checkout
E2E_PORT="${E2E_PORT:-18080}"
E2E_DIR="$RUN_DIR/e2e"
rm -rf "$E2E_DIR" && mkdir -p "$E2E_DIR/bin"
create_db creatorcoach_e2e fresh
redis-cli -h 127.0.0.1 -p "$REDIS_PORT" -n 15 flushdb >/dev/null
go build -o "$E2E_DIR/bin/" ./cmd/api ./cmd/worker
export DATABASE_URL="$DATABASE_URL_BASE/creatorcoach_e2e?sslmode=disable" REDIS_URL="${REDIS_URL%/*}/15" \
  DATA_DIR="$E2E_DIR/data" HTTP_ADDR="127.0.0.1:$E2E_PORT" PUBLIC_URL="http://127.0.0.1:$E2E_PORT" WEB_DIR="$PWD/web/dist" \
  MAIL_URL="" WORKER_POLL_INTERVAL=100ms
"$E2E_DIR/bin/api" migrate >/dev/null && "$E2E_DIR/bin/api" seed >/dev/null
"$E2E_DIR/bin/api" >"$E2E_DIR/api.log" 2>&1 & api_pid=$!
"$E2E_DIR/bin/worker" >"$E2E_DIR/worker.log" 2>&1 & worker_pid=$!
trap 'kill $api_pid $worker_pid 2>/dev/null; wait $api_pid $worker_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$E2E_PORT/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "http://127.0.0.1:$E2E_PORT/readyz" >/dev/null || { cat "$E2E_DIR/api.log"; exit 1; }
(cd web && E2E_BASE_URL="http://127.0.0.1:$E2E_PORT" E2E_MAIL_DIR="$E2E_DIR/data/mail" npm run e2e -- ${E2E_FILES:-e2e/}) || {
  status=1; echo "--- api log (tail)"; tail -30 "$E2E_DIR/api.log"; echo "--- worker log (tail)"; tail -30 "$E2E_DIR/worker.log"; }
fi

if want image; then
# The container image (Containerfile), built with podman and checked without running a container (ops/image.sh).
wait "$image_pid" || true # a failed build is built again, and reported, just below
bash ops/image.sh || status=1
fi

if [ $status -eq 0 ]; then step "all tests passed"; else step "SOME TESTS FAILED"; fi
exit $status
