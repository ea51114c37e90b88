#!/usr/bin/env bash
# run-ibex.sh ELF WORKDIR: run a Tally fw_payload image on the Ibex
# simple_system and judge the test payload's result lines.
#
# IBEX_SIM must name a Vibex_simple_system binary the user built from the
# Ibex repository (fusesoc ... lowrisc:ibex:ibex_simple_system; see
# docs/boards/ibex.md). This script never fetches or builds Ibex. Without it the
# test is reported as skipped (exit 77, ctest SKIP_RETURN_CODE).
#
# The simulator loads the ELF into its RAM (--meminit=ram,ELF) and writes
# what the firmware prints to ibex_simple_system.log in the current
# directory; the run ends when the payload's SRST shutdown writes the halt
# register (or at IBEX_SIM_TIMEOUT seconds, default 600).
set -u
elf=$1; work=$2
if [ -z "${IBEX_SIM:-}" ]; then
  echo "SKIPPED: IBEX_SIM is not set (point it at a Vibex_simple_system binary to run Tally on the Ibex RTL)"
  exit 77
fi
if [ ! -x "$IBEX_SIM" ]; then
  echo "IBEX_SIM=$IBEX_SIM is not an executable"; exit 1
fi
mkdir -p "$work" && cd "$work" || exit 1
rm -f ibex_simple_system.log
timeout --foreground "${IBEX_SIM_TIMEOUT:-600}" "$IBEX_SIM" --meminit=ram,"$elf" >sim.out 2>&1
rc=$?
log=ibex_simple_system.log
[ -f "$log" ] || { echo "no $log (simulator exit $rc)"; cat sim.out; exit 1; }
cat "$log"
[ "$rc" = 124 ] && { echo "run-ibex: TIMEOUT"; exit 1; }
fail=0
need() { grep -aqE "$1" "$log" || { echo "run-ibex: missing: $1"; fail=1; }; }
need '^Platform +: Ibex simple_system'
need '^ok: CPU_CYCLES advances while started'
need '^ok: CPU_CYCLES frozen while stopped'
need '^ok: exact: NumLoads over 100 more lw loop iterations: 100 '
need '^ok: exact: NumStores over 100 more sw loop iterations: 100 '
need '^ok: exact: NumBranchesTaken over 100 more not-taken beq loop iterations: 100 '
need '^ok: exact: NumInstrRetC over 100 more c.addi/c.bnez loop iterations: 200 '
need '^ok: NumLoads frozen while stopped'
need '^tally: shutdown requested'
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
case "$summary" in
  *" 0 failed") ;;
  *) echo "run-ibex: bad or missing summary: '$summary'"; fail=1 ;;
esac
[ "$fail" = 0 ] && echo "run-ibex: OK ($summary)"
exit $fail
