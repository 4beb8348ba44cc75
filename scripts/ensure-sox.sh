#!/usr/bin/env bash
# Makes sure SoX is present: the practice player's browser test makes its rehearsal tracks (sine tones) with it.
set -euo pipefail

if command -v sox >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-sox: sox is missing. Install Debian's sox as root:" >&2
  echo "  apt-get update && apt-get install -y sox" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-sox: installing sox from Debian's packages"
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends sox >/dev/null

if ! command -v sox >/dev/null 2>&1; then
  echo "ensure-sox: apt-get finished but sox is still missing" >&2
  exit 1
fi
echo "ensure-sox: $(sox --version 2>&1 | head -n 1)"
