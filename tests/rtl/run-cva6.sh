#!/usr/bin/env bash
# Run a CVA6 fw_payload image (Tally + an S-mode payload) on the CVA6 RTL,
# simulated by a Verilator-built Variane_testharness:
#   run-cva6.sh [XLEN] IMAGE.elf LOG
# The simulator: CVA6_SIM_RV64 / CVA6_SIM_RV32 for that XLEN (given, or
# read from the ELF's class), else CVA6_SIM
# (we never fetch or build CVA6; ../shared/rtl/cva6 has the models).
# XLEN "64h" is the model with the hypervisor extension, CVA6_SIM_RV64H
# only: CVA6_SIM may name a core without H, where an H payload fails.
# CVA6_SIM_ARGS: extra plusargs (before the ELF). The testharness stops a
#   run after CVA6_SIM_CYCLES cycles (+time_out; default here 4,000,000:
#   about 4 minutes of rv64).
# CVA6_SIM_TIMEOUT: seconds (default 3600; the RTL is slow).
# Exit 77 (ctest SKIP_RETURN_CODE) when no simulator is named.
#
# How the run is made, and why:
#  - in a scratch folder, deleted afterwards, whose four instruction-trace
#    files (about 45 MB per 400k cycles, which no one reads here) are links
#    to /dev/null: no disk, about 10% faster, the same cycles;
#  - from a copy of the image without the `tohost` symbol, ended by
#    +tohost_addr= (the testharness's RVFI tracer stops the run at the
#    firmware's own store there): while the ELF has `tohost`, the host
#    polls it by halting the core through the debug module every few
#    thousand cycles, and each halt adds events and cycles to whatever the
#    payload is measuring. Without it a run is repeatable to the cycle.
set -u
if [ $# = 3 ]; then xlen=$1; shift; fi
elf=$1; log=$2
# ELF header byte 4: 1 = ELFCLASS32, 2 = ELFCLASS64
[ -n "${xlen:-}" ] || xlen=$(( $(od -An -tu1 -j4 -N1 "$elf") * 32 ))
if [ "$xlen" = 64h ]; then
  var=CVA6_SIM_RV64H
  sim=${CVA6_SIM_RV64H:-}
else
  var=CVA6_SIM_RV$xlen
  sim=${!var:-${CVA6_SIM:-}}
fi
if [ -z "$sim" ]; then
  echo "SKIPPED: no simulator named by $var (or CVA6_SIM for rv32/rv64): point it at a Verilator-built Variane_testharness"
  exit 77
fi
if [ ! -x "$sim" ]; then
  echo "SKIPPED: $sim is not an executable"
  exit 77
fi
objcopy=${OBJCOPY:-riscv64-unknown-elf-objcopy}
nm=${NM:-riscv64-unknown-elf-nm}
tohost=$("$nm" "$elf" | awk '$3 == "tohost" { print $1 }')
if [ -z "$tohost" ]; then echo "run-cva6: $elf has no tohost symbol"; exit 1; fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tally-cva6.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
for f in trace_rvfi_hart_00.dasm trace_hart_0.dasm iti.traces encaps.traces; do
  ln -s /dev/null "$scratch/$f"
done
"$objcopy" --strip-symbol=tohost --strip-symbol=fromhost "$elf" "$scratch/image.elf" || exit 1
# shellcheck disable=SC2086  # CVA6_SIM_ARGS is a list of plusargs
start=$SECONDS
(cd "$scratch" && timeout --foreground "${CVA6_SIM_TIMEOUT:-3600}" "$sim" "+time_out=${CVA6_SIM_CYCLES:-4000000}" \
  ${CVA6_SIM_ARGS:-} image.elf "+tohost_addr=$tohost" </dev/null >"$log" 2>&1)
rc=$?
cat "$log"
echo "run-cva6: simulator exit $rc, wall time $((SECONDS - start)) s"
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
if [ "$rc" = 124 ]; then echo "run-cva6: TIMEOUT"; exit 1; fi
if [ -z "$summary" ]; then echo "run-cva6: no summary line (simulator exit $rc)"; exit 1; fi
passed=${summary%% passed*}; failed=${summary#*, }; failed=${failed%% failed*}
# The testharness exits with the code written to tohost (SRST: 0 = pass).
if [ "$rc" != 0 ] || [ "$failed" != 0 ] || [ "$passed" = 0 ]; then
  echo "run-cva6: FAIL (simulator exit $rc, $summary)"; exit 1
fi
echo "run-cva6: OK ($summary)"
