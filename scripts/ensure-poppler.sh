#!/usr/bin/env bash
# Makes sure poppler-utils (pdftotext, pdfinfo, pdftoppm) is present: the playlist PDF tests read the songbooks back
# with it.
set -euo pipefail

if command -v pdftotext >/dev/null 2>&1 && command -v pdfinfo >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-poppler: pdftotext is missing. Install Debian's poppler-utils as root:" >&2
  echo "  apt-get update && apt-get install -y poppler-utils" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-poppler: installing poppler-utils from Debian's packages"
apt-get update -qq
apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null

if ! command -v pdftotext >/dev/null 2>&1; then
  echo "ensure-poppler: apt-get finished but pdftotext is still missing" >&2
  exit 1
fi
echo "ensure-poppler: $(pdftotext -v 2>&1 | head -n 1)"
