#!/usr/bin/env bash
# Makes sure Debian's Chromium and the fonts of the browser tests are present. Playwright never downloads a browser
# here: the tests launch /usr/bin/chromium. The screenshots are compared with committed pictures, so the fonts are
# fixed Debian packages, installed even where Chromium already is.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
# Noto Sans is the app's font on Debian (system-ui); DejaVu covers the glyphs Noto lacks.
FONT_PACKAGES=(fonts-noto-core fonts-dejavu-core)

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
for package in "${FONT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: missing ${missing[*]}. Install them as root:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends chromium ${FONT_PACKAGES[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-chromium: installing ${missing[*]} from Debian's packages"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium installed)"
