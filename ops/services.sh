#!/usr/bin/env bash
# Makes Postgres, Redis and stripe-mock available and exports DATABASE_URL_BASE
# (server URL without a database), REDIS_URL, STRIPE_MOCK_URL and STRIPE_API_BASE. Source it: `. ops/services.sh`.
#
# - DATABASE_URL and REDIS_URL, when set before sourcing, are honoured: that Postgres (DATABASE_URL_BASE is its
#   server) and that Redis are used as they are, after a check that they answer; nothing is started for them.
# - Otherwise, when a server already answers on 127.0.0.1 (PGPORT, default 5432;
#   REDIS_PORT, default 6379) it is used as it is.
# - Otherwise the Debian packages are installed when missing (apt-get) and a
#   private server is started on loopback with its data under .run/.
# Also puts Go on PATH and checks, before anything is installed, that Go is as new as go.mod's `go` line asks
# (and, when NEED_NODE=1, that Node.js is as new as web/package.json's engines.node asks).
#
# What it starts itself (a private Postgres, Redis or stripe-mock) is recorded; `stop_started_services` stops
# exactly those and nothing that was already running (ops/up.sh calls it on Ctrl-C and on exit).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GIVEN_DATABASE_URL="${DATABASE_URL:-}"
GIVEN_REDIS_URL="${REDIS_URL:-}"
RUN_DIR="$ROOT/.run"
mkdir -p "$RUN_DIR"
PGPORT="${PGPORT:-5432}"
REDIS_PORT="${REDIS_PORT:-6379}"

log() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[setup] %s\033[0m\n' "$*" >&2; exit 1; }

apt_updated=""
apt_install() {
  local missing=() p
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "apt-get not found; install ${missing[*]} yourself"
  local sudo="" lock
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  # Parts of the test command install in parallel (the image builds beside the tests): one apt-get at a time, and
  # what another one installed meanwhile is not installed again. Another program's apt-get is waited for too.
  exec {lock}>"${TMPDIR:-/tmp}/creatorcoach-apt.lock"
  flock "$lock"
  missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ -z "$apt_updated" ]; then
      log "apt-get update"
      $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null || { exec {lock}>&-; die "apt-get update failed"; }
      apt_updated=1
    fi
    log "installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
      || { exec {lock}>&-; die "apt-get install ${missing[*]} failed"; }
  fi
  exec {lock}>&-
}

# version_ge A B: version A is B or newer (dotted numbers).
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

# What this shell started, for stop_started_services.
STARTED_PG_DATA="" STARTED_PG_BIN="" STARTED_REDIS_PORT="" STARTED_STRIPE_MOCK_PID="" STARTED_VERSITYGW_PID=""

# stop_started_services stops the private Postgres, Redis and stripe-mock this shell started, and only those.
stop_started_services() {
  if [ -n "$STARTED_VERSITYGW_PID" ] && kill -0 "$STARTED_VERSITYGW_PID" 2>/dev/null; then
    log "stopping the S3 server (versitygw) started here (pid $STARTED_VERSITYGW_PID)"
    kill "$STARTED_VERSITYGW_PID" 2>/dev/null || true
  fi
  if [ -n "$STARTED_STRIPE_MOCK_PID" ] && kill -0 "$STARTED_STRIPE_MOCK_PID" 2>/dev/null; then
    log "stopping the stripe-mock started here (pid $STARTED_STRIPE_MOCK_PID)"
    kill "$STARTED_STRIPE_MOCK_PID" 2>/dev/null || true
  fi
  if [ -n "$STARTED_REDIS_PORT" ]; then
    log "stopping the Redis started here (127.0.0.1:$STARTED_REDIS_PORT)"
    redis-cli -h 127.0.0.1 -p "$STARTED_REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  fi
  if [ -n "$STARTED_PG_DATA" ]; then
    log "stopping the Postgres started here ($STARTED_PG_DATA)"
    local as=()
    [ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
    "${as[@]}" "$STARTED_PG_BIN/pg_ctl" -D "$STARTED_PG_DATA" -m fast -w stop >/dev/null 2>&1 || true
  fi
  STARTED_PG_DATA="" STARTED_REDIS_PORT="" STARTED_STRIPE_MOCK_PID=""
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 100); do port_open "$1" && return 0; sleep 0.2; done
  return 1
}

# go_required: the Go version go.mod's `go` line asks for.
go_required() { sed -n 's/^go \([0-9][0-9.]*\).*/\1/p' "$ROOT/go.mod" | head -1; }

# node_required: the lowest Node.js version web/package.json's engines.node accepts (">=20.19" gives 20.19).
node_required() {
  tr -d '\n' <"$ROOT/web/package.json" | sed -n 's/.*"engines"[^}]*"node" *: *"\([^"]*\)".*/\1/p' \
    | grep -o '[0-9][0-9]*\(\.[0-9][0-9]*\)*' | head -1
}

ensure_go() {
  [ -x /usr/local/go/bin/go ] && export PATH="/usr/local/go/bin:$PATH"
  local need found
  need="$(go_required)"
  command -v go >/dev/null || die "Go $need or newer is required (go.mod); none found on PATH or at /usr/local/go"
  # GOTOOLCHAIN=local: report the installed Go, never fetch the one go.mod names.
  found="$(GOTOOLCHAIN=local go version 2>/dev/null | awk '{print $3}' | sed 's/^go//')"
  version_ge "$found" "$need" \
    || die "Go $need or newer is required (go.mod), but $(command -v go) is Go ${found:-of unknown version}; install Go $need (e.g. at /usr/local/go)"
  export PATH="$PATH:$(go env GOPATH 2>/dev/null)/bin"
}

# check_node: the installed Node.js (or, when none is installed, the one apt-get would install) is at least
# engines.node of web/package.json. Runs before anything is installed.
check_node() {
  local need found
  need="$(node_required)"
  [ -n "$need" ] || die "web/package.json has no engines.node"
  if command -v node >/dev/null; then
    found="$(node --version 2>/dev/null | sed 's/^v//')"
    version_ge "$found" "$need" \
      || die "Node.js $need or newer is required (web/package.json engines.node), but $(command -v node) is Node.js ${found:-of unknown version}; install Node.js $need or newer"
  else
    found="$(apt-cache policy nodejs 2>/dev/null | awk '/Candidate:/{print $2}' | sed 's/^[0-9]*://; s/[-+~].*//')"
    case "$found" in ""|"(none)") die "Node.js $need or newer is required (web/package.json engines.node) and none is installed; install it";; esac
    version_ge "$found" "$need" \
      || die "Node.js $need or newer is required (web/package.json engines.node); none is installed and apt-get would install $found; install Node.js $need or newer yourself"
  fi
}

ensure_node() {
  check_node
  if ! command -v npm >/dev/null; then
    apt_install nodejs npm
  fi
  check_node
}

pg_ok() { port_open "$PGPORT" && psql "postgres://postgres@127.0.0.1:$PGPORT/postgres?sslmode=disable" -Atqc 'select 1' >/dev/null 2>&1; }

ensure_postgres() {
  if ! command -v psql >/dev/null; then apt_install postgresql-client; fi
  # The PDF tests read their text back with pdftotext.
  if ! command -v pdftotext >/dev/null; then apt_install poppler-utils; fi
  if [ -n "$GIVEN_DATABASE_URL" ]; then
    psql "$GIVEN_DATABASE_URL" -Atqc 'select 1' >/dev/null 2>&1 || die "DATABASE_URL is set but its Postgres does not answer"
    log "using Postgres of DATABASE_URL"
    # The server without a database: scheme, credentials, host and port (the path and query dropped).
    local rest="${GIVEN_DATABASE_URL#*://}"
    export DATABASE_URL_BASE="${GIVEN_DATABASE_URL%%://*}://${rest%%[/?]*}" DATABASE_URL="$GIVEN_DATABASE_URL"
    return
  fi
  if pg_ok; then
    log "using Postgres on 127.0.0.1:$PGPORT"
  else
    port_open "$PGPORT" && PGPORT=55432 # something else holds the port: keep ours beside it
    if ! pg_ok; then
      apt_install postgresql
      local bin data="$RUN_DIR/pg"
      bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
      local as=()
      if [ "$(id -u)" -eq 0 ]; then as=(runuser -u postgres --); chown -R postgres "$RUN_DIR" 2>/dev/null || true; fi
      mkdir -p "$data"; [ "$(id -u)" -eq 0 ] && chown postgres "$data"
      if [ ! -f "$data/PG_VERSION" ]; then
        log "initialising a private Postgres in $data"
        "${as[@]}" "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 >/dev/null || die "initdb failed"
      fi
      log "starting a private Postgres on 127.0.0.1:$PGPORT"
      STARTED_PG_DATA="$data" STARTED_PG_BIN="$bin" # before it starts, so that a Ctrl-C meanwhile stops it too
      "${as[@]}" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
        -o "-p $PGPORT -c listen_addresses=127.0.0.1 -k $data -c max_connections=300 -c fsync=off" start >/dev/null \
        || die "Postgres did not start (see $data/server.log)"
    fi
  fi
  export DATABASE_URL_BASE="postgres://postgres@127.0.0.1:$PGPORT"
}

redis_ok() { port_open "$REDIS_PORT" && [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]; }

ensure_redis() {
  if ! command -v redis-cli >/dev/null; then apt_install redis-tools; fi
  if [ -n "$GIVEN_REDIS_URL" ]; then
    [ "$(redis-cli -u "$GIVEN_REDIS_URL" ping 2>/dev/null)" = "PONG" ] || die "REDIS_URL is set but its Redis does not answer"
    log "using Redis of REDIS_URL"
    export REDIS_URL="$GIVEN_REDIS_URL"
    return
  fi
  if redis_ok; then
    log "using Redis on 127.0.0.1:$REDIS_PORT"
  else
    port_open "$REDIS_PORT" && REDIS_PORT=56379
    if ! redis_ok; then
      apt_install redis-server
      mkdir -p "$RUN_DIR/redis"
      log "starting a private Redis on 127.0.0.1:$REDIS_PORT"
      redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
        --dir "$RUN_DIR/redis" --logfile "$RUN_DIR/redis/redis.log" --maxmemory-policy noeviction --databases 64 >/dev/null
      STARTED_REDIS_PORT="$REDIS_PORT"
      wait_port "$REDIS_PORT" || die "Redis did not start (see $RUN_DIR/redis/redis.log)"
    fi
  fi
  # asynq needs its keys kept: never let Redis evict them.
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" config set maxmemory-policy noeviction >/dev/null 2>&1 || true
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
}

stripe_mock_ok() { curl -fs -m 2 -u sk_test_123: -o /dev/null -D - "http://127.0.0.1:$1/v1/customers?limit=1" 2>/dev/null | grep -qi '^stripe-mock-version'; }

# stripe-mock (the payment provider's stand-in, v0.203.0): used when one answers on 127.0.0.1:STRIPE_MOCK_PORT
# (default 12111), else installed with `go install` when missing and started privately on loopback, both its
# HTTP and HTTPS ports bound to 127.0.0.1. Exports STRIPE_MOCK_URL, and STRIPE_API_BASE unless it is set.
ensure_stripe_mock() {
  local port="${STRIPE_MOCK_PORT:-12111}" https_port
  if stripe_mock_ok "$port"; then
    log "using stripe-mock on 127.0.0.1:$port"
  else
    port_open "$port" && port=52111 # something else holds the port: keep ours beside it
    https_port=$((port + 1))
    if ! stripe_mock_ok "$port"; then
      local bin
      bin="$(command -v stripe-mock || echo "$(go env GOPATH)/bin/stripe-mock")"
      if [ ! -x "$bin" ]; then
        log "installing stripe-mock v0.203.0 (go install)"
        (cd /tmp && go install github.com/stripe/stripe-mock@v0.203.0) || die "go install stripe-mock failed"
      fi
      mkdir -p "$RUN_DIR/stripe-mock"
      log "starting a private stripe-mock on 127.0.0.1:$port (https $https_port)"
      # In a session of its own (Ctrl-C in the terminal does not reach it); the inner shell records its pid
      # and becomes stripe-mock, so the pid is stripe-mock's whether or not setsid forks.
      local pidfile="$RUN_DIR/stripe-mock/stripe-mock.pid"
      rm -f "$pidfile"
      nohup setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$bin" -http-addr "127.0.0.1:$port" \
        -https-addr "127.0.0.1:$https_port" >"$RUN_DIR/stripe-mock/stripe-mock.log" 2>&1 </dev/null &
      for _ in $(seq 1 25); do [ -s "$pidfile" ] && break; sleep 0.2; done
      STARTED_STRIPE_MOCK_PID="$(cat "$pidfile" 2>/dev/null)"
      for _ in $(seq 1 100); do stripe_mock_ok "$port" && break; sleep 0.2; done
      stripe_mock_ok "$port" || die "stripe-mock did not start (see $RUN_DIR/stripe-mock/stripe-mock.log)"
    fi
  fi
  export STRIPE_MOCK_URL="http://127.0.0.1:$port"
  export STRIPE_API_BASE="${STRIPE_API_BASE:-$STRIPE_MOCK_URL}"
}

# The development credentials of the local S3 server (store/blob/blobtest uses the same).
VERSITYGW_ACCESS=creatorcoach VERSITYGW_SECRET=creatorcoach-dev-secret

# versitygw_ok PORT: an S3 server on 127.0.0.1:PORT lists its buckets for the development credentials (a signed
# ListBuckets: a server left running by another checkout whose data directory is gone answers InternalError).
versitygw_ok() {
  curl -s -m 2 --aws-sigv4 "aws:amz:us-east-1:s3" --user "$VERSITYGW_ACCESS:$VERSITYGW_SECRET" \
    -H "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" \
    "http://127.0.0.1:$1/" 2>/dev/null | grep -q 'ListAllMyBucketsResult'
}

# versitygw v1.8.0 (an S3-compatible server with its POSIX backend), for STORAGE=s3 and the file tests on S3:
# used when one answers on 127.0.0.1:S3_PORT (default 7070), else installed with `go install` when missing
# and started privately on loopback with its data under .run/versitygw/data (a bucket is a directory there).
# Exports S3_TEST_ENDPOINT (the tests' server, with the development credentials).
ensure_versitygw() {
  local port="${S3_PORT:-7070}" p
  # The first port whose server works, else the first free one (something else, or a broken server, holds the port:
  # keep ours beside it).
  for p in "$port" 57070 57071 57072 57073; do
    if versitygw_ok "$p" || ! port_open "$p"; then port=$p; break; fi
  done
  if versitygw_ok "$port"; then
    log "using the S3 server on 127.0.0.1:$port"
  else
    if ! versitygw_ok "$port"; then
      local bin
      bin="$(command -v versitygw || echo "$(go env GOPATH)/bin/versitygw")"
      if [ ! -x "$bin" ]; then
        log "installing versitygw v1.8.0 (go install; a few minutes the first time)"
        (cd /tmp && go install github.com/versity/versitygw/cmd/versitygw@v1.8.0) || die "go install versitygw failed"
      fi
      mkdir -p "$RUN_DIR/versitygw/data"
      log "starting a private S3 server (versitygw) on 127.0.0.1:$port, data in $RUN_DIR/versitygw/data"
      local pidfile="$RUN_DIR/versitygw/versitygw.pid"
      rm -f "$pidfile"
      nohup setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$bin" --access "$VERSITYGW_ACCESS" \
        --secret "$VERSITYGW_SECRET" --port "127.0.0.1:$port" posix "$RUN_DIR/versitygw/data" \
        >"$RUN_DIR/versitygw/versitygw.log" 2>&1 </dev/null &
      for _ in $(seq 1 25); do [ -s "$pidfile" ] && break; sleep 0.2; done
      STARTED_VERSITYGW_PID="$(cat "$pidfile" 2>/dev/null)"
      for _ in $(seq 1 100); do versitygw_ok "$port" && break; sleep 0.2; done
      versitygw_ok "$port" || die "versitygw did not start (see $RUN_DIR/versitygw/versitygw.log)"
    fi
  fi
  export S3_TEST_ENDPOINT="http://127.0.0.1:$port"
}

# create_db NAME [fresh]: makes sure database NAME exists (dropped first with "fresh").
create_db() {
  local admin="$DATABASE_URL_BASE/postgres?sslmode=disable"
  if [ "${2:-}" = "fresh" ]; then psql "$admin" -qc "DROP DATABASE IF EXISTS $1 WITH (FORCE)" >/dev/null; fi
  psql "$admin" -Atqc "SELECT 1 FROM pg_database WHERE datname = '$1'" | grep -q 1 \
    || psql "$admin" -qc "CREATE DATABASE $1" >/dev/null
}

ensure_go
[ "${NEED_NODE:-}" = 1 ] && check_node
ensure_postgres
ensure_redis
ensure_stripe_mock
if [ "${STORAGE:-}" = s3 ]; then ensure_versitygw; fi
