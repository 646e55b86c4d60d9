#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium: a test tool's own browser download always fails here.
# Installs the chromium package when no Chromium is found. Never runs `playwright install`.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -x "$candidate" ]; then exit 0; fi
done
echo "Chromium not found: installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
echo "Chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
