#!/usr/bin/env bash
# Builds the container image (Containerfile) with Debian's podman and checks it without running a container:
# its file system is exported (podman image mount, copied out), its api binary is started from there as the image's
# non-root user against the test services (migrate, then /readyz and the web app), and its configuration (user,
# command, WEB_DIR) is read from `podman image inspect`.
#
#   bash ops/image.sh           # build and check (part `image` of ops/test.sh)
#   bash ops/image.sh build     # build only
#
# Base images: GO_IMAGE and NODE_IMAGE, when set, are passed to the build as they are (for a machine that reaches a
# container registry, e.g. GO_IMAGE=golang:1.26-bookworm). Otherwise a local base is made once
# per machine and Go/Node.js version: Debian (debootstrap, minbase, with CA certificates, from the mirror apt uses)
# plus this machine's Go, Node.js and CA certificates, imported as localhost/creatorcoach-build-base:go<v>-node<v>.
# Builds use chroot isolation (IMAGE_ISOLATION), which needs no container runtime: on these machines crun cannot
# create containers (cgroups), so RUN steps would fail under the default isolation.
set -euo pipefail
cd "$(dirname "$0")/.."
. ops/services.sh

IMAGE="${IMAGE:-localhost/creatorcoach:test}"
ISOLATION="${IMAGE_ISOLATION:-chroot}"
step() { printf '\n\033[1;35m== %s\033[0m\n' "$*"; }

if ! command -v podman >/dev/null; then
  if ! (apt_install podman); then
    echo "SKIP: the container image is not built: podman is not installed and could not be installed with apt-get"
    exit 0
  fi
fi

# build_base makes the local base image (tag on stdout's last line) when GO_IMAGE/NODE_IMAGE are not given.
build_base() {
  local gov nodev tag rootfs mirror suite npmdir
  gov="$(go env GOVERSION | sed 's/^go//')"
  nodev="$(node --version | sed 's/^v//')"
  tag="localhost/creatorcoach-build-base:go$gov-node$nodev"
  if podman image exists "$tag"; then echo "$tag"; return; fi
  apt_install debootstrap >&2
  suite="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
  # The mirror apt already uses (deb822 or one-line sources), so the base comes from where packages come from here.
  mirror="$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/{print $2}' | grep -v security | head -1 || true)"
  [ -n "$mirror" ] || mirror="$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{print $2}' | grep -v security | head -1 || true)"
  rootfs="$RUN_DIR/image/rootfs"
  rm -rf "$rootfs" && mkdir -p "$rootfs"
  log "making the build base $tag: Debian $suite (debootstrap, about a minute) + Go $gov + Node.js $nodev"
  debootstrap --variant=minbase --include=ca-certificates "$suite" "$rootfs" $mirror >"$RUN_DIR/image/debootstrap.log" 2>&1 \
    || { tail -20 "$RUN_DIR/image/debootstrap.log" >&2; echo "debootstrap failed (see $RUN_DIR/image/debootstrap.log)" >&2; return 1; }
  cp -a "$(go env GOROOT)" "$rootfs/usr/local/go"
  cp "$(command -v node)" "$rootfs/usr/local/bin/node"
  npmdir="$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)" # …/node_modules/npm
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npmdir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  # This machine's CA bundle: where a proxy re-signs TLS, the build's go mod download and npm ci must trust it too.
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -cf - . | podman import --change 'ENV PATH=/usr/local/go/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV HOME=/root' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$tag" >/dev/null
  rm -rf "$rootfs"
  echo "$tag"
}

step "container image: build (podman, Containerfile)"
args=()
if [ -n "${GO_IMAGE:-}" ] || [ -n "${NODE_IMAGE:-}" ]; then
  [ -n "${GO_IMAGE:-}" ] && args+=(--build-arg "GO_IMAGE=$GO_IMAGE")
  [ -n "${NODE_IMAGE:-}" ] && args+=(--build-arg "NODE_IMAGE=$NODE_IMAGE")
else
  started=$SECONDS
  # No base (the Debian mirror unreachable from debootstrap) is the machine's lack, not the image's fault: say so.
  if ! base="$(build_base | tail -1)" || [ -z "$base" ]; then
    echo "SKIP: the container image is not built: no build base could be made (debootstrap failed; see above)"
    exit 0
  fi
  log "build base $base ($((SECONDS - started)) s)"
  args+=(--build-arg "GO_IMAGE=$base" --build-arg "NODE_IMAGE=$base")
fi
started=$SECONDS
podman build --isolation="$ISOLATION" --layers -f Containerfile -t "$IMAGE" "${args[@]}" . >"$RUN_DIR/image-build.log" 2>&1 \
  || { tail -40 "$RUN_DIR/image-build.log"; die "podman build failed (see $RUN_DIR/image-build.log)"; }
log "built $IMAGE in $((SECONDS - started)) s ($(podman image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
[ "${1:-}" = build ] && exit 0

step "container image: check (its file system and api binary, no container run)"
fail() { echo "FAIL  $*"; failed=1; }
pass() { echo "PASS  $*"; }
failed=0
user="$(podman image inspect --format '{{.Config.User}}' "$IMAGE")"
cmd="$(podman image inspect --format '{{json .Config.Cmd}}' "$IMAGE")"
envs="$(podman image inspect --format '{{json .Config.Env}}' "$IMAGE")"
uid="${user%%:*}"
case "$uid" in ""|0|root) fail "the image runs as root (User \"$user\")";; *) pass "the image runs as user $user";; esac
[ "$cmd" = '["api"]' ] && pass "its command is api" || fail "its command is $cmd, not [\"api\"]"
case "$envs" in *'"WEB_DIR=/srv/web"'*) pass "WEB_DIR=/srv/web";; *) fail "WEB_DIR is not /srv/web: $envs";; esac

# The image's file system, exported to a directory (the image store's own directories admit root only).
tree="$RUN_DIR/image/tree"
rm -rf "$tree" && mkdir -p "$tree"
cp -a "$(podman image mount "$IMAGE")/." "$tree/"
podman image unmount "$IMAGE" >/dev/null
mnt="$tree"
api_pid=""
cleanup() {
  [ -n "$api_pid" ] && kill "$api_pid" 2>/dev/null && wait "$api_pid" 2>/dev/null || true
  rm -rf "$tree"
  psql "$DATABASE_URL_BASE/postgres?sslmode=disable" -qc "DROP DATABASE IF EXISTS creatorcoach_image WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
for b in api worker scheduler; do
  if [ -x "$mnt/usr/local/bin/$b" ] && ! ldd "$mnt/usr/local/bin/$b" >/dev/null 2>&1; then pass "$b is a static binary"
  else fail "$b is missing or not static"; fi
done
grep -q "^[^:]*:x:$uid:" "$mnt/etc/passwd" && pass "/etc/passwd names uid $uid" || fail "/etc/passwd lacks uid $uid"
[ -s "$mnt/etc/ssl/certs/ca-certificates.crt" ] && pass "CA certificates" || fail "no CA certificates"
[ -f "$mnt/srv/web/index.html" ] && pass "the built web app is at /srv/web" || fail "no /srv/web/index.html"

# The image defaults to production, where the api refuses to start without its secrets and names them.
grep -q '^ENV APP_ENV=production ' Containerfile && pass "the image sets APP_ENV=production" || fail "the image does not default to production"
refusal="$(cd "$RUN_DIR" && env -i APP_ENV=production timeout 10 "$mnt/usr/local/bin/api" 2>&1 || true)"
if grep -q 'JWT_SECRET' <<<"$refusal"; then
  pass "in production the api refuses to start without its secrets, naming them"
else fail "the api started in production without its secrets"; fi

# The api binary, started from the image's tree as the image's user, against the test services.
create_db creatorcoach_image fresh
port=18380
while port_open "$port"; do port=$((port + 1)); done
data="$RUN_DIR/image/data"
rm -rf "$data" && mkdir -p "$data" && chown "$uid" "$data"
as_user=(setpriv --reuid="$uid" --regid="${user##*:}" --clear-groups)
export APP_ENV=development DATABASE_URL="$DATABASE_URL_BASE/creatorcoach_image?sslmode=disable" REDIS_URL \
  HTTP_ADDR="127.0.0.1:$port" PUBLIC_URL="http://127.0.0.1:$port" DATA_DIR="$data" WEB_DIR="$mnt/srv/web" MAIL_URL=""
if (cd "$data" && "${as_user[@]}" "$mnt/usr/local/bin/api" migrate >"$RUN_DIR/image/migrate.log" 2>&1); then pass "api migrate (uid $uid)"
else fail "api migrate: $(tail -5 "$RUN_DIR/image/migrate.log")"; fi
(cd "$data" && exec "${as_user[@]}" "$mnt/usr/local/bin/api") >"$RUN_DIR/image/api.log" 2>&1 &
api_pid=$!
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; then pass "the image's api answers /readyz (Postgres and Redis reachable)"
else fail "/readyz: $(tail -5 "$RUN_DIR/image/api.log")"; fi
curl -fs "http://127.0.0.1:$port/" | grep -q '<div id="root">' && pass "it serves the web app from /srv/web" || fail "GET / is not the web app"
[ "$(ps -o uid= -p "$api_pid" | tr -d ' ')" = "$uid" ] && pass "the api process runs as uid $uid" || fail "the api process is not uid $uid"
cleanup; api_pid=""; trap - EXIT
[ $failed -eq 0 ] || die "the container image check failed"
