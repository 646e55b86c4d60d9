#!/usr/bin/env bash
# The server tests run against PostgreSQL too (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test).
# CI machines have it running; on a machine without it this installs Debian's postgresql, starts it, and opens
# trust authentication on 127.0.0.1 for the test database only. Does nothing when a server already answers.
set -euo pipefail
if [ -n "${TEST_POSTGRES_URL:-}" ]; then exit 0; fi
ready() { command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; }
if ready; then exit 0; fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL not found: installing Debian's postgresql package…"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
hba="/etc/postgresql/${version}/main/pg_hba.conf"
if ! $SUDO grep -q "grove-tests" "$hba"; then
  # Prepended so it wins over the default password rules; loopback only.
  $SUDO sed -i '1i host all postgres 127.0.0.1/32 trust # grove-tests' "$hba"
fi
$SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start || $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main reload
for _ in $(seq 1 30); do ready && break; sleep 1; done
psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -c "create database test" >/dev/null
echo "PostgreSQL is ready on 127.0.0.1:5432."
