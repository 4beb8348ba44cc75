#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the browser tests. Playwright never downloads a browser here:
# the tests launch /usr/bin/chromium.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $CHROMIUM is missing. Install Debian's Chromium as root:" >&2
  echo "  apt-get update && apt-get install -y chromium fonts-dejavu-core fonts-noto-core" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-chromium: installing chromium from Debian's packages"
apt-get update -qq
packages=(chromium fonts-dejavu-core)
# Noto gives screenshots proper glyph coverage; install it when the archive has it.
if apt-cache show fonts-noto-core >/dev/null 2>&1; then
  packages+=(fonts-noto-core)
fi
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium installed)"
