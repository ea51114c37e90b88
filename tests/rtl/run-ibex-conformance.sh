#!/usr/bin/env bash
# run-ibex-conformance.sh MODEL IMAGE.elf LOG: the U-mode conformance
# payload linked into IMAGE.elf (tally-conformance.elf, tests/rtl/
# conformance.cmake) on a Verilator model of an Ibex system:
#   simple_system  Vibex_simple_system, named by IBEX_SIM
#   demo_system    the demo system's Vtop_verilator, named by IBEX_DEMO_SIM
# Exit 77 (a ctest SKIP) when the variable is not set. Passes when the
# payload reports "N passed, 0 failed" and Tally's shutdown line follows.
#
# Both models write their files into the current folder (the console, and
# on the simple_system a trace of every retired instruction, ~140 MB a
# run): the run happens in a fresh folder under /tmp, the trace goes to
# /dev/null, and only the console is kept, as LOG. The run ends at the
# payload's SRST shutdown (the simulation control's halt register), or
# at IBEX_SIM_TIMEOUT seconds (default 2400); the demo system is also
# stopped at 200 M cycles, over twice what this payload needs at 115200
# baud. The wall time of the run is printed.
set -u
model=$1; elf=$(realpath "$2"); log=$(realpath -m "$3")
case "$model" in
  simple_system) var=IBEX_SIM; console=ibex_simple_system.log; args=() ;;
  demo_system) var=IBEX_DEMO_SIM; console=uart0.log; args=(-c 200000000) ;;
  *) echo "run-ibex-conformance: unknown model '$model'"; exit 2 ;;
esac
sim=${!var:-}
if [ -z "$sim" ]; then
  echo "SKIPPED: $var is not set (point it at the $model Verilator model)"
  exit 77
fi
[ -x "$sim" ] || { echo "$var=$sim is not an executable"; exit 1; }
scratch=$(mktemp -d /tmp/tally-ibex-conformance.XXXXXX) || exit 1
trap 'rm -rf "$scratch"' EXIT
ln -s /dev/null "$scratch/trace_core_00000000.log"
cd "$scratch" || exit 1
start=$SECONDS
timeout --foreground "${IBEX_SIM_TIMEOUT:-2400}" "$sim" --meminit=ram,"$elf" "${args[@]}" \
  </dev/null >sim.out 2>&1
rc=$?
[ -f "$console" ] || { echo "no $console (simulator exit $rc)"; cat sim.out; exit 1; }
tr -d '\r' <"$console" >"$log"
cat "$log"
echo "run-ibex-conformance: $model: simulator exit $rc, wall time $((SECONDS - start)) s"
[ "$rc" = 124 ] && { echo "run-ibex-conformance: TIMEOUT"; exit 1; }
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
case "$summary" in
  [1-9]*" passed, 0 failed") ;;
  *) echo "run-ibex-conformance: FAIL (summary: '$summary')"; exit 1 ;;
esac
grep -aq '^tally: shutdown requested' "$log" || { echo "run-ibex-conformance: no shutdown line"; exit 1; }
echo "run-ibex-conformance: OK ($model: $summary)"
