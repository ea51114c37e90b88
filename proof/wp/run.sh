#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# WP on the PMU core and the memory checks (proof/wp/README.md), for rv64 and
# rv32 word sizes: one summary line per configuration; exit 1 when a goal
# fails that proof/wp/known-unproved.txt does not list, 2 when the tools are
# missing or the sources cannot be prepared.
#
#   proof/wp/run.sh [-j N] [-t SECONDS] [-o BUILD_DIR] [-f FUNC,...] [rv64|rv32 ...]
# (-f: only these functions' goals, and the lemmas)
#
# Needs frama-c (25, with WP), why3, and z3, cvc4 and/or cvc5 (Debian 12:
# frama-c-base why3 z3 cvc4 cvc5). The why3 configuration is a private one
# under the build directory, written by `why3 config detect`; $HOME is not used.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=$ROOT/build/proof-wp
JOBS=2
ONLY=
TIMEOUT=5
while [ $# -gt 0 ]; do
	case $1 in
	-j) JOBS=$2; shift 2 ;;
	-t) TIMEOUT=$2; shift 2 ;;
	-o) BUILD=$2; shift 2 ;;
	-f) ONLY=$2; shift 2 ;;
	-h|--help) sed -n '2,13p' "$0"; exit 0 ;;
	*) break ;;
	esac
done
CONFIGS=${*:-rv64 rv32}

for tool in frama-c why3 python3; do
	command -v $tool >/dev/null || { echo "run.sh: $tool not found" >&2; exit 2; }
done
mkdir -p "$BUILD"

# A private why3 configuration: the provers this machine has.
WHY3CONFIG=$BUILD/why3.conf
export WHY3CONFIG
if [ ! -s "$WHY3CONFIG" ]; then
	why3 config detect -C "$WHY3CONFIG" >"$BUILD/why3-detect.log" 2>&1 || true
fi
PROVERS=
for p in z3 cvc4 cvc5 alt-ergo; do
	if frama-c -wp-detect 2>/dev/null | grep -q "\[$p|"; then
		PROVERS=${PROVERS:+$PROVERS,}$p
	fi
done
[ -n "$PROVERS" ] || { echo "run.sh: why3 found none of z3, cvc4, cvc5, alt-ergo" >&2; exit 2; }

python3 "$HERE/prepare.py" "$ROOT/src" "$BUILD/src" || exit 2

# Every function whose contract is proved (the others' contracts are assumed:
# the backend stubs, pmu_fw_event_supported's callers' view is proved too).
FUNCS=pmu_counter_get_info,pmu_config_matching,pmu_counter_start,pmu_counter_stop
FUNCS=$FUNCS,pmu_fw_read,pmu_fw_read_hi,pmu_snapshot_set_shmem,pmu_event_get_info
FUNCS=$FUNCS,pmu_set_has,pmu_bit,lowest_bit,lowest_bit64,lowest_bit32,set_of
FUNCS=$FUNCS,pmu_fw_event_supported,logical_of,fixed_counters,map_event,raw_find,event_find
FUNCS=$FUNCS,is_raw,fw_value,configure_hw,take,pick,config_raw,start_hw,start_fw,start_set
FUNCS=$FUNCS,release_one,stop_snapshot,stop_hw,stop_fw,stop_set,release_set,stop_stopped
FUNCS=$FUNCS,fw_read,event_supported,entry_at,event_info_fill
FUNCS=$FUNCS,sbi_mem_window,sbi_shmem_check,sbi_ok,sbi_err

# the functions that read or write a lower mode's memory: RTE's mem_access goals
RTE=pmu_counter_start,start_set,pmu_counter_stop,stop_snapshot,stop_fw,stop_set
RTE=$RTE,pmu_event_get_info
FUNCS=${ONLY:-$FUNCS}

KNOWN=$HERE/known-unproved.txt
status=0
for cfg in $CONFIGS; do
	case $cfg in
	rv64) machdep=x86_64; xlen=64 ;;
	rv32) machdep=x86_32; xlen=32 ;;
	*) echo "run.sh: unknown configuration $cfg" >&2; exit 2 ;;
	esac
	out=$BUILD/$cfg
	rm -rf "$out"; mkdir -p "$out"
	start=$(date +%s)
	# The lemmas (no function's), then every function's contract, and the
	# memory-access goals (RTE) of the functions that reach a lower mode's
	# memory; overflow, shifts and the rest of RTE are proof/eva's business.
	if ! frama-c -machdep $machdep \
		-cpp-extra-args="-I$BUILD/src -I$ROOT/tests/host/fake -D__riscv_xlen=$xlen" \
		"$HERE/pmu_proof.c" -no-warn-signed-overflow \
		-wp -wp-prop @lemma -wp-prover "$PROVERS" -wp-timeout "$TIMEOUT" -wp-par "$JOBS" \
		>"$out/lemmas.log" 2>&1 ||
	   ! frama-c -machdep $machdep \
		-cpp-extra-args="-I$BUILD/src -I$ROOT/tests/host/fake -D__riscv_xlen=$xlen" \
		"$HERE/pmu_proof.c" \
		-no-warn-signed-overflow -rte -rte-select "$RTE" -rte-no-div -rte-no-shift \
		-rte-no-float-to-int -rte-no-pointer-call -then \
		-wp -wp-fct "$FUNCS" -wp-prover "$PROVERS" -wp-timeout "$TIMEOUT" \
		-wp-par "$JOBS" >"$out/wp.log" 2>&1; then
		echo "$cfg: frama-c failed, see $out/lemmas.log and $out/wp.log" >&2
		tail -n 20 "$out/lemmas.log" "$out/wp.log" >&2
		status=2
		continue
	fi
	secs=$(($(date +%s) - start))
	python3 "$HERE/summary.py" "$cfg" "$out/lemmas.log,$out/wp.log" "$KNOWN" "$secs" || status=1
done
exit $status
