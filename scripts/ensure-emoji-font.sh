#!/usr/bin/env bash
# Page icons are emoji: the screenshots need an emoji font, or Chromium draws them as boxes.
# Installs Debian's fonts-noto-color-emoji when no emoji font is found (used by npm run screenshots).
set -euo pipefail
if fc-list 2>/dev/null | grep -qi 'emoji'; then exit 0; fi
echo "No emoji font found: installing Debian's fonts-noto-color-emoji…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends fonts-noto-color-emoji >/dev/null
