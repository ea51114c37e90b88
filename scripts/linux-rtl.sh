#!/usr/bin/env bash
# Boot Linux on the CVA6 model (cv64a6_imafdc_sv39) under Tally, run perf on
# the core, and say what every stage cost in cycles:
#   scripts/linux-rtl.sh [--kernel IMAGE] [--initrd CPIO] [--firmware BIN|ELF]
#                        [--model PATH] [--max-cycles N] [--json FILE] [--log FILE]
# With no arguments it builds the project's Linux 6.1 and its perf-stat
# /init and boots them under Tally's cva6-rv64 image; with a cv32a6 --model
# (or --xlen 32), the rv32 kernel and /init under cva6-rv32. About 40 minutes
# of one core; docs/boards/cva6.md ("Linux on the model") says more,
# `--help` lists every option. Exit 0 only when /init's checks passed and
# the kernel powered off through SRST.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
exec python3 "$root/tests/linux/rtl/linux-rtl.py" "$@"
