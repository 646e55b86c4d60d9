#!/usr/bin/env bash
# bench:api drives its load with wrk (a C load generator, Debian's package): installs it when missing.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
echo "wrk not found: installing Debian's wrk package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends wrk >/dev/null
echo "wrk installed: $(command -v wrk)"
