#!/usr/bin/env bash
# run-ibex.sh MODEL ELF LOG [CAUSE TVAL]: run a Tally fw_payload image
# (firmware + the U-mode test payload, tests/payload/ibex/ibex_test.c) on a
# Verilator model of an Ibex system and judge the payload's result lines;
# with CAUSE and TVAL the run must instead end in the firmware's panic
# report for a payload fault with that mcause and mtval; with "no-payload"
# and the payload's BASE, in the firmware's last words for an image with
# no payload ("tally: no payload at BASE", then the run stops). MODEL is
#   simple_system  Ibex's examples/simple_system, named by IBEX_SIM
#                  (a Vibex_simple_system binary);
#   demo_system    lowRISC's Ibex demo system, named by IBEX_DEMO_SIM
#                  (its Vtop_verilator binary).
# docs/testing.md says how to build both from their upstream sources; this
# script never fetches or builds them. Without the variable the test is
# reported as skipped (exit 77, ctest SKIP_RETURN_CODE).
#
# Both models load the ELF into their RAM (--meminit=ram,ELF) and write
# their files into the current folder: the console (simple_system: its
# simulation control's ibex_simple_system.log; demo system: the UART's
# uart0.log, CRLF line ends) and, on the simple_system, a trace of every
# retired instruction (trace_core_00000000.log, ~140 MB per run). So each
# run happens in a scratch folder that is deleted afterwards; the console
# is kept as LOG.
#
# How a run ends. On the simple_system, the payload's SRST shutdown (or the
# firmware's halt after a panic) writes the simulation control's halt
# register. The demo system has no such device on the FPGA, and Tally's
# image for it (the one users flash) only stops the hart, so the model would
# run forever: this script stops it (SIGINT, which the model takes as a
# clean end) once the console holds the firmware's last line, whole
# ("tally: shutdown requested ..." or "tally: halted"). The model's own
# cycle limit (100 M, 2.5 times what a run needs) and IBEX_SIM_TIMEOUT
# (seconds, default 600) stop a run that hangs.
#
# IBEX_RUN_PAYLOAD=conformance: the image holds the U-mode conformance
# payload (tests/payload/conformance/, tests/rtl/conformance.cmake) instead
# of ibex_test.c: only its summary and the shutdown line are judged.
set -u
model=$1; elf=$(realpath "$2"); log=$(realpath -m "$3"); cause=${4:-}; tval=${5:-}
case "$model" in
  simple_system) var=IBEX_SIM; console=ibex_simple_system.log
    platform='Ibex simple_system'; args=() ;;
  demo_system) var=IBEX_DEMO_SIM; console=uart0.log
    platform='Ibex demo system'; args=(-c 100000000) ;;
  *) echo "run-ibex: unknown model '$model'"; exit 2 ;;
esac
sim=${!var:-}
if [ -z "$sim" ]; then
  echo "SKIPPED: $var is not set (point it at the $model Verilator model to run Tally on the Ibex RTL; docs/testing.md)"
  exit 77
fi
if [ ! -x "$sim" ]; then
  echo "$var=$sim is not an executable"; exit 1
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tally-ibex-rtl.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
start=$(date +%s); limit=${IBEX_SIM_TIMEOUT:-600}; timed_out=0
"$sim" --meminit=ram,"$elf" "${args[@]}" </dev/null >sim.out 2>&1 &
pid=$!
ended() {   # the console's last line is the firmware's last words, and complete
  [ -s "$console" ] && [ -z "$(tail -c 1 "$console")" ] &&
    tail -n 1 "$console" | grep -aqE '^tally: (shutdown requested|halted|link the payload there)'
}
while kill -0 "$pid" 2>/dev/null; do
  if [ "$model" = demo_system ] && ended; then
    kill -INT "$pid"; break
  fi
  if [ $(( $(date +%s) - start )) -ge "$limit" ]; then
    kill -KILL "$pid"; timed_out=1; break
  fi
  sleep 1
done
wait "$pid"
rc=$?
secs=$(( $(date +%s) - start ))
[ -f "$console" ] || { echo "no $console (simulator exit $rc)"; cat sim.out; exit 1; }
tr -d '\r' <"$console" >"$log"
cat "$log"
echo "run-ibex: $model: simulator exit $rc after ${secs} s; $(grep -aE -m1 -i 'cycles' sim.out || true)"
[ "$timed_out" = 1 ] && { echo "run-ibex: TIMEOUT after $limit s"; exit 1; }
fail=0
need() { grep -aqE "$1" "$log" || { echo "run-ibex: missing: $1"; fail=1; }; }
need "^Platform +: $platform"
if [ "$cause" = no-payload ]; then
  need "^tally: no payload at $(printf '0x%x' $((tval))) \\(first word 0x00000000\\)\$"
  need "^tally: link the payload there \\(the kit's BASE\\) for rv32 U-mode, and load it\$"
  [ "$(tail -n 2 "$log" | head -n 1)" = "$(grep -a '^tally: no payload at' "$log")" ] ||
    { echo "run-ibex: the no-payload lines are not the last"; fail=1; }
  [ "$fail" = 0 ] && echo "run-ibex: OK ($model: no payload reported, the run stopped)"
  exit $fail
fi
if [ -n "$cause" ]; then
  need '^tally: PANIC on hart 0: payload fault'
  need "mcause $(printf '0x%x' $((cause))) .*mtval $(printf '0x%x' $((tval))) "
  need '^tally: halted'
  [ "$fail" = 0 ] && echo "run-ibex: OK ($model: panic with mcause $cause, mtval $tval)"
  exit $fail
fi
if [ "${IBEX_RUN_PAYLOAD:-}" != conformance ]; then
need '^ok: CPU_CYCLES advances while started'
need '^ok: CPU_CYCLES frozen while stopped'
need '^ok: exact: NumLoads over 100 more lw loop iterations: 100 '
need '^ok: exact: NumStores over 100 more sw loop iterations: 100 '
need '^ok: exact: NumBranchesTaken over 100 more not-taken beq loop iterations: 100 '
need '^ok: exact: NumInstrRetC over 100 more c.addi/c.bnez loop iterations: 200 '
need '^ok: exact: NumCyclesDivWait over 100 more div loop iterations: 3600 '
need '^ok: NumLoads frozen while stopped'
fi
need '^tally: shutdown requested'
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
case "$summary" in
  *" 0 failed") ;;
  *) echo "run-ibex: bad or missing summary: '$summary'"; fail=1 ;;
esac
reads=$(grep -aoE 'counter reads all (native|emulated)' "$log" | head -n 1)
[ "$fail" = 0 ] && echo "run-ibex: OK ($model: $summary; ${reads#counter })"
exit $fail
