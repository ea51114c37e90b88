#!/usr/bin/env bash
# run-cva6-conformance.sh XLEN IMAGE.elf LOG: the conformance payload
# linked into IMAGE.elf (tally-conformance.elf) on the CVA6 testharness
# RTL, a Verilator-built Variane_testharness named by CVA6_SIM_RV64 /
# CVA6_SIM_RV32 for that XLEN, else by CVA6_SIM (as run-cva6.sh takes
# them). Exit 77, a ctest SKIP, when none is set. Passes when the payload
# reports "N passed, 0 failed" and the model exits 0 (SRST shutdown
# writes tohost).
#
# The run takes millions of cycles, so:
#  - it happens in a fresh folder under /tmp, removed afterwards, whose
#    four instruction-trace files (about 50 MB a minute, which no one
#    reads here) are links to /dev/null;
#  - +time_out (the testharness ends a run after that many cycles) is
#    CVA6_CONFORMANCE_CYCLES, default 40,000,000, about five times what
#    the payload needs (rv64 8.32 M cycles, rv32 8.73 M with SSE, FWFT,
#    DBTR and SUSP; the model prints it);
#  - CVA6_SIM_TIMEOUT bounds it in seconds (default 3600);
#  - the wall time is printed.
# Unlike run-cva6.sh this keeps the image's tohost: nothing here is timed,
# so the host's polling of it costs nothing that matters.
set -u
xlen=$1; elf=$(realpath "$2"); log=$(realpath -m "$3")
var=CVA6_SIM_RV$xlen
sim=${!var:-${CVA6_SIM:-}}
if [ -z "$sim" ]; then
  echo "SKIPPED: neither $var nor CVA6_SIM is set (point one at a Verilator-built Variane_testharness)"
  exit 77
fi
[ -x "$sim" ] || { echo "SKIPPED: $sim is not an executable"; exit 77; }
scratch=$(mktemp -d /tmp/tally-cva6-conformance.XXXXXX) || exit 1
trap 'rm -rf "$scratch"' EXIT
for f in trace_rvfi_hart_00.dasm trace_hart_0.dasm iti.traces encaps.traces; do
  ln -s /dev/null "$scratch/$f"
done
start=$SECONDS
(cd "$scratch" && timeout --foreground "${CVA6_SIM_TIMEOUT:-3600}" "$sim" \
  "+time_out=${CVA6_CONFORMANCE_CYCLES:-40000000}" "$elf" </dev/null >"$log" 2>&1)
rc=$?
cat "$log"
echo "run-cva6-conformance: rv$xlen: simulator exit $rc, wall time $((SECONDS - start)) s"
[ "$rc" = 124 ] && { echo "run-cva6-conformance: TIMEOUT"; exit 1; }
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
case "$summary" in
  [1-9]*" passed, 0 failed") ;;
  *) echo "run-cva6-conformance: FAIL (summary: '$summary')"; exit 1 ;;
esac
[ "$rc" = 0 ] || { echo "run-cva6-conformance: FAIL (simulator exit $rc)"; exit 1; }
echo "run-cva6-conformance: OK (rv$xlen: $summary)"
