#!/usr/bin/env bash
# Run the CVA6 fw_payload image (Tally + tests/payload/cva6/rtl.c) on the
# CVA6 RTL, simulated by a Verilator-built Variane_testharness:
#   run-cva6.sh IMAGE.elf LOG
# CVA6_SIM names the simulator binary (we never fetch or build CVA6).
# CVA6_SIM_ARGS: extra plusargs (they go before the ELF). The testharness
#   stops a run after +time_out= cycles (default 2,000,000; it ignores
#   +max-cycles=), which the RTL payload can exceed: e.g.
#   CVA6_SIM_ARGS="+time_out=20000000"
# CVA6_SIM_TIMEOUT: seconds (default 3600; the RTL is slow).
# Exit 77 (ctest SKIP_RETURN_CODE) when CVA6_SIM is not set.
set -u
elf=$1; log=$2
if [ -z "${CVA6_SIM:-}" ]; then
  echo "SKIPPED: CVA6_SIM is not set (point it at a Verilator-built Variane_testharness)"
  exit 77
fi
if [ ! -x "$CVA6_SIM" ]; then
  echo "SKIPPED: CVA6_SIM=$CVA6_SIM is not an executable"
  exit 77
fi
# shellcheck disable=SC2086  # CVA6_SIM_ARGS is a list of plusargs
timeout --foreground "${CVA6_SIM_TIMEOUT:-3600}" "$CVA6_SIM" ${CVA6_SIM_ARGS:-} "$elf" \
  </dev/null >"$log" 2>&1
rc=$?
cat "$log"
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
if [ "$rc" = 124 ]; then echo "run-cva6: TIMEOUT"; exit 1; fi
if [ -z "$summary" ]; then echo "run-cva6: no summary line (simulator exit $rc)"; exit 1; fi
passed=${summary%% passed*}; failed=${summary#*, }; failed=${failed%% failed*}
# The testharness exits with the code written to tohost (SRST: 0 = pass).
if [ "$rc" != 0 ] || [ "$failed" != 0 ] || [ "$passed" = 0 ]; then
  echo "run-cva6: FAIL (simulator exit $rc, $summary)"; exit 1
fi
echo "run-cva6: OK ($summary)"
