#!/usr/bin/env bash
# The fuzz test: judge the run as run-payload.sh does (summary line, 0
# failed, QEMU exit 0), then insist on the firmware's own verdict on its
# text (TALLY_TEXT_CHECKSUM), which a missing line must not pass for.
#   run-fuzz.sh LOG TIMEOUT_S QEMU ARGS...
set -u
log=$1
"$(dirname "$0")/../../qemu/run-payload.sh" "$@" || exit 1
if grep -aq 'tally: TEXT CHANGED' "$log"; then
  echo "run-fuzz: FAIL (the firmware's text changed)"; exit 1
fi
if ! grep -aq '^tally: text checksum ok' "$log"; then
  echo "run-fuzz: FAIL (no 'tally: text checksum ok' line)"; exit 1
fi
echo "run-fuzz: OK (text checksum ok)"
