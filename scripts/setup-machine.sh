#!/usr/bin/env bash
# Installs what a fresh machine of this kind lacks for the test suite:
# Debian's Chromium (Playwright drives it; it never downloads its own browser),
# jemalloc (the server's malloc where present, docs/decisions/129)
# and a running local PostgreSQL server for the integration tests.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium…"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if ! ls /usr/lib/*-linux-gnu/libjemalloc.so.2 >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  echo "Installing jemalloc…"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjemalloc2 >/dev/null
fi

if command -v pg_isready >/dev/null 2>&1; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    echo "Starting the local PostgreSQL server…"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
else
  echo "No PostgreSQL client tools here: the PostgreSQL half of the integration tests will be skipped."
fi
