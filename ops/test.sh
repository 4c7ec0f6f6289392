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

# What runs when, on a 2-core machine: the fault suite mostly waits (outages, failovers, scheduler slots), so it runs
# in the background beside the Go tests; the browser tests (the longest part, about 15 minutes, mostly Chromium's
# CPU) start when the Go tests end, with the shorter web checks beside their start. Running everything at once was
# tried: the oversubscribed cores made browser steps time out. Each background part's output is printed whole when
# it ends.
if want web || want e2e; then
step "web: install and build"
# Installed again only when the lock file's content changed since the last install (its SHA-256 is kept beside the
# modules), not when a checkout merely made the file newer.
lock_sum="$(sha256sum web/package-lock.json | cut -d' ' -f1)"
if [ ! -d web/node_modules ] || [ "$(cat web/node_modules/.creatorcoach-lock-sha256 2>/dev/null)" != "$lock_sum" ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error && echo "$lock_sum" > node_modules/.creatorcoach-lock-sha256)
fi
# The browser tests alone (`ops/test.sh e2e`) reuse a build that is there, as before.
if want web || [ ! -f web/dist/index.html ]; then (cd web && npm run build --silent) || status=1; fi
fi

e2e_pid=""
e2e_log="$RUN_DIR/e2e.log"
run_e2e() { # the browser tests: every shard against a stack of its own; returns non-zero when a test failed
exec 9>"${TMPDIR:-/tmp}/creatorcoach-e2e.lock"
flock 9
[ -x /usr/bin/chromium ] || apt_install chromium chromium-driver
E2E_PORT="${E2E_PORT:-18080}"
E2E_DIR="$RUN_DIR/e2e"
rm -rf "$E2E_DIR" && mkdir -p "$E2E_DIR/bin"
go build -o "$E2E_DIR/bin/" ./cmd/api ./cmd/worker
# The files run in E2E_SHARDS shards at once (default 2; scripts/e2e-shards.mjs balances them by measured run time),
# each against a stack of its own: database creatorcoach_e2e[_<n>], Redis database 15-<n>, api on E2E_PORT+<n>, a
# worker, a mail folder. Within a shard the files run one after another.
mapfile -t shards < <(cd web && node scripts/e2e-shards.mjs "${E2E_SHARDS:-2}" ${E2E_FILES:-e2e/})
# A clean-clone run in CI (CI=true) checks every screen with axe but writes no screenshot: nobody looks at them there,
# and full-page PNGs cost a large share of the browser tests' CPU. Anywhere else they land in web/e2e/screenshots/.
if [ "${CI:-}" = true ]; then export E2E_SCREENSHOTS="${E2E_SCREENSHOTS:-off}"; fi
stack_pids=()
trap 'kill ${stack_pids[*]} 2>/dev/null; wait ${stack_pids[*]} 2>/dev/null || true' EXIT
stack_env() { # stack_env N: sets STACK_DB and STACK_ENV to shard N's database and settings
  local n=$1
  STACK_DB="creatorcoach_e2e"
  [ "$n" -eq 0 ] || STACK_DB="creatorcoach_e2e_$n"
  STACK_ENV=(DATABASE_URL="$DATABASE_URL_BASE/$STACK_DB?sslmode=disable" REDIS_URL="${REDIS_URL%/*}/$((15 - n))"
    DATA_DIR="$E2E_DIR/s$n/data" HTTP_ADDR="127.0.0.1:$((E2E_PORT + n))" PUBLIC_URL="http://127.0.0.1:$((E2E_PORT + n))"
    WEB_DIR="$PWD/web/dist" MAIL_URL="" WORKER_POLL_INTERVAL=100ms
    DB_POOL_SIZE=6) # two shards' apis (each opens its whole pool at start) and workers share one Postgres's connections
}
seed_stack() { # seed_stack N: a fresh, migrated and seeded database and an empty Redis database for shard N
  stack_env "$1"
  mkdir -p "$E2E_DIR/s$1"
  create_db "$STACK_DB" fresh
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" -n $((15 - $1)) flushdb >/dev/null
  env "${STACK_ENV[@]}" "$E2E_DIR/bin/api" migrate >/dev/null && env "${STACK_ENV[@]}" "$E2E_DIR/bin/api" seed >/dev/null
}
run_shard() { # run_shard N FILES...: runs the files against shard N's stack, output to its log
  local n=$1; shift
  (cd web && E2E_BASE_URL="http://127.0.0.1:$((E2E_PORT + n))" E2E_MAIL_DIR="$E2E_DIR/s$n/data/mail" npm run e2e -- "$@") \
    >"$E2E_DIR/shard$n.log" 2>&1
}
local seed_pids=() shard_pids=() failed=0
for n in "${!shards[@]}"; do seed_stack "$n" & seed_pids+=($!); done
for p in "${seed_pids[@]}"; do wait "$p" || { echo "seeding an e2e database failed"; return 1; }; done
for n in "${!shards[@]}"; do
  stack_env "$n"
  env "${STACK_ENV[@]}" "$E2E_DIR/bin/api" >"$E2E_DIR/s$n/api.log" 2>&1 & stack_pids+=($!)
  env "${STACK_ENV[@]}" "$E2E_DIR/bin/worker" >"$E2E_DIR/s$n/worker.log" 2>&1 & stack_pids+=($!)
done
for n in "${!shards[@]}"; do
  url="http://127.0.0.1:$((E2E_PORT + n))/readyz"
  for _ in $(seq 1 100); do curl -fs "$url" >/dev/null 2>&1 && break; sleep 0.2; done
  curl -fs "$url" >/dev/null || { cat "$E2E_DIR/s$n/api.log"; return 1; }
done
for n in "${!shards[@]}"; do
  # shellcheck disable=SC2086 # a shard's line is its list of files
  run_shard "$n" ${shards[$n]} & shard_pids+=($!)
done
for n in "${!shards[@]}"; do
  shard_ok=0; wait "${shard_pids[$n]}" || shard_ok=1
  echo "--- shard $n: ${shards[$n]}"
  cat "$E2E_DIR/shard$n.log"
  if [ $shard_ok -ne 0 ]; then
    failed=1; echo "--- shard $n: api log (tail)"; tail -30 "$E2E_DIR/s$n/api.log"
    echo "--- shard $n: worker log (tail)"; tail -30 "$E2E_DIR/s$n/worker.log"
  fi
done
return $failed
}
faults_pid=""
faults_log="$RUN_DIR/faults.log"
if want faults; then
step "fault suite (own Postgres cluster and Redis; Redis outage, Postgres restart, worker kill, two workers, XLSX bomb, Sentinel failover, standby scheduler, cluster): started in the background"
# The sentinel scenario's Sentinels are redis-sentinel when installed, else redis-server --sentinel: Debian's
# redis-sentinel package is the same binary (and would start a system Sentinel of its own).
command -v redis-server >/dev/null || apt_install redis-server
command -v haproxy >/dev/null || apt_install haproxy # the cluster scenario's load balancer
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || apt_install postgresql
go build -o "$RUN_DIR/faults-bin" ./ops/faults
( "$RUN_DIR/faults-bin" >"$faults_log" 2>&1 ) & faults_pid=$!
fi

if want go; then
step "gofmt (any file it lists is not formatted)"
# Only the repository's own files: the image build in the background makes .run/image/rootfs meanwhile, whose
# mounted /proc gofmt cannot read.
unformatted="$(git ls-files -z '*.go' 2>/dev/null | xargs -0 -r gofmt -l)"
if [ -n "$unformatted" ]; then printf 'not gofmt-formatted:\n%s\n' "$unformatted"; status=1; fi
step "go vet"
go vet ./... || status=1
step "go test"
go test -count=1 -timeout 20m ./... || status=1  # a loaded machine runs cmd/api past the default 10 minutes
# Before the browser tests start, not beside them: their two stacks (apis, workers sending the seed's mail) and these
# tests' databases together exceeded one Postgres's 100 connections ("too many clients already").
step "go test: the tests that store files, again with STORAGE=s3 (a real S3 server, versitygw)"
ensure_versitygw
STORAGE=s3 go test -count=1 ./store/blob/... ./jobs -run 'File|CreatorImport|Recover|Store' || status=1
STORAGE=s3 go test -count=1 ./cmd/api \
  -run 'File|Upload|Download|Storage|Attachment|ProfileImage|AgreementPDF|CreatorImport|User_Profile|Thread' || status=1
fi

if want e2e; then
step "browser end-to-end: started in the background"
( run_e2e >"$e2e_log" 2>&1 ) & e2e_pid=$!
fi

if want web; then
step "web: lint (ESLint: hooks, jsx-a11y, feature boundaries)"
(cd web && npm run lint) || status=1
step "web: types (src/lib/api-schema.d.ts generated from the OpenAPI document; tsc --noEmit --checkJs)"
(cd web && npm run typecheck) || status=1
step "web: unit tests"
(cd web && npm test) || status=1
step "web: bundle budget"
(cd web && npm run size) || status=1
fi

if [ -n "$faults_pid" ]; then
  step "fault suite (its output)"
  wait "$faults_pid" || status=1
  cat "$faults_log"
fi
if [ -n "$e2e_pid" ]; then
  step "browser end-to-end (its output)"
  wait "$e2e_pid" || status=1
  cat "$e2e_log"
fi

if want image; then
# The container image (Containerfile), built with podman and checked without running a container (ops/image.sh).
wait "$image_pid" || true # a failed build is built again, and reported, just below
bash ops/image.sh || status=1
fi

if [ $status -eq 0 ]; then step "all tests passed"; else step "SOME TESTS FAILED"; fi
exit $status
