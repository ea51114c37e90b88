#!/usr/bin/env bash
# The fuzz-guard-selftest test: proof that the firmware's guard checks and
# the fuzz judge can fail. The image (TALLY_GUARD_SELFTEST) flips one byte
# in .rodata and in every guarded region right after boot, as a stray write
# would; a short fuzz run on it must then
#   - be judged a failure by run-fuzz.sh (the judge of the fuzz test),
#   - end with a non-zero QEMU exit status (the shutdown turned into a failure)
#     while the payload's own checks all passed,
#   - name every region: text, pmp tail, data, bss, each hart's stack bottom.
#   guard-selftest.sh LOG MAX_HARTS QEMU ARGS...
set -u
log=$1; harts=$2; shift 2
dir=$(dirname "$0")
judge=$("$dir/run-fuzz.sh" "$log" 60 "$@")
jrc=$?
echo "$judge"
if [ "$jrc" = 0 ]; then
  echo "guard-selftest: FAIL (run-fuzz.sh passed a run with corrupted guards)"; exit 1
fi
# QEMU's own exit status, as run-payload.sh reports it.
rc=$(echo "$judge" | sed -n 's/^run-payload: .*qemu exit \([0-9]*\).*/\1/p' | tail -n 1)
if [ -z "$rc" ] || [ "$rc" = 0 ]; then
  echo "guard-selftest: FAIL (qemu exit $rc: want a failure status from the shutdown)"; exit 1
fi
# The payload itself saw nothing wrong: the failure is the firmware's verdict.
if ! grep -aqE '^[1-9][0-9]* passed, 0 failed' "$log"; then
  echo "guard-selftest: FAIL (the payload's own checks failed: not a guard verdict)"; exit 1
fi
missing=0
want=("TEXT CHANGED" "GUARD CHANGED: pmp tail at" "GUARD CHANGED: data at" "GUARD CHANGED: bss at")
for ((h = 0; h < harts; h++)); do want+=("GUARD CHANGED: stack bottom of hart $h at"); done
for w in "${want[@]}"; do
  if ! grep -aq "^tally: $w" "$log"; then echo "guard-selftest: missing 'tally: $w'"; missing=1; fi
done
if grep -aq '^tally: firmware guards ok' "$log"; then
  echo "guard-selftest: FAIL (the firmware says its guards are ok)"; exit 1
fi
[ "$missing" = 0 ] || { echo "guard-selftest: FAIL"; exit 1; }
echo "guard-selftest: OK (qemu exit $rc, ${#want[@]} corruptions reported, run-fuzz.sh failed the run)"
