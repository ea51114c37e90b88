#!/usr/bin/env bash
# run-cva6-conformance.sh IMAGE.elf LOG: the conformance payload linked
# into IMAGE.elf (tally-conformance.elf) on the CVA6 RTL, through
# run-cva6.sh (CVA6_SIM names the model; exit 77, a ctest SKIP, without it).
#
# What this adds to run-cva6.sh, for a run of millions of cycles:
#  - the model writes four instruction traces into the current folder
#    (about 50 MB a minute, gigabytes for this payload) that no one reads:
#    the run happens in a fresh folder under /tmp whose trace files are
#    links to /dev/null, and the folder is removed afterwards;
#  - +time_out (the testharness ends a run after that many cycles,
#    default 2,000,000) is raised to CVA6_CONFORMANCE_CYCLES (default
#    40,000,000; the payload takes about TODO M) unless CVA6_SIM_ARGS
#    already sets it;
#  - the wall time of the run is printed, the figure docs/testing.md gives.
set -u
elf=$(realpath "$1"); log=$(realpath -m "$2")
here=$(dirname "$(realpath "$0")")
scratch=$(mktemp -d /tmp/tally-cva6-conformance.XXXXXX) || exit 1
trap 'rm -rf "$scratch"' EXIT
for f in trace_rvfi_hart_00.dasm trace_hart_0.dasm iti.traces encaps.traces; do
  ln -s /dev/null "$scratch/$f"
done
args=${CVA6_SIM_ARGS:-}
case "$args" in
  *+time_out=*) ;;
  *) args="+time_out=${CVA6_CONFORMANCE_CYCLES:-40000000} $args" ;;
esac
cd "$scratch" || exit 1
start=$SECONDS
CVA6_SIM_ARGS=$args "$here/run-cva6.sh" "$elf" "$log"
rc=$?
[ "$rc" = 77 ] || echo "run-cva6-conformance: wall time $((SECONDS - start)) s"
exit $rc
