#!/usr/bin/env bash
# Every wrapper of the payload kit's <tally/sbi.h>, called and checked:
# tests/kit/calls/ copied to a scratch folder, built out of tree with the
# kit's CMake function or its Makefile, booted on QEMU virt with 4 harts
# and this build's firmware. Passes when QEMU exits 0 and the payload's
# summary says "N passed, 0 failed", and when every function the header
# defines is called by that payload, the kit's examples or its runtime.
#
#   run-kit-calls.sh SRC_DIR FIRMWARE_BIN WAY XLEN QEMU CPU
#     WAY   cmake | make
set -u
src=$1 fw=$2 way=$3 xlen=$4 qemu=$5 cpu=$6
kit=$src/payload-kit
tmp=$(mktemp -d /tmp/tally-kit-calls.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "run-kit-calls: FAIL: $*"; exit 1; }

# The header's functions that nothing calls: a wrapper added without a check.
users=("$src/tests/kit/calls/calls.c" "$kit"/examples/*/*.c "$kit/lib/runtime.c")
missing=
for fn in $(grep -oE '^static inline [^(]*\bsbi_[a-z0-9_]+\(' "$kit/include/tally/sbi.h" |
            grep -oE 'sbi_[a-z0-9_]+\($' | tr -d '('); do
  cat "${users[@]}" | grep -qE "\b$fn\(" || missing="$missing $fn"
done
[ -z "$missing" ] || fail "<tally/sbi.h> functions no payload calls:$missing"

cp -r "$src/tests/kit/calls" "$tmp/calls"
cd "$tmp/calls" || exit 1
case $way in
cmake)
  cmake -B build -DTALLY_KIT_DIR="$kit" -DTALLY_XLEN="$xlen" >build.log 2>&1 &&
    cmake --build build >>build.log 2>&1 || { cat build.log; fail "cmake build"; }
  elf=$tmp/calls/build/calls.elf ;;
make)
  make TALLY_KIT="$kit" XLEN="$xlen" >build.log 2>&1 || { cat build.log; fail "make"; }
  elf=$tmp/calls/calls.elf ;;
*) fail "WAY $way: cmake or make" ;;
esac
grep -q 'warning' build.log && { cat build.log; fail "the build warns"; }

timeout --foreground 120 "$qemu" -M virt -cpu "$cpu" -smp 4 -m 128M -nographic -monitor none \
  -serial stdio -bios "$fw" -kernel "$elf" </dev/null >"$tmp/calls.log" 2>&1
rc=$?
cat "$tmp/calls.log"
echo "== calls ($way, rv$xlen): qemu exit $rc"
summary=$(grep -aE '^[0-9]+ passed, [0-9]+ failed$' "$tmp/calls.log" | tail -n 1)
[ -n "$summary" ] || fail "no summary line (rc $rc)"
case "$summary" in
  *" 0 failed") ;;
  *) fail "$summary" ;;
esac
[ "${summary%% *}" -ge 250 ] || fail "only ${summary%% *} checks ran"
[ "$rc" = 0 ] || fail "qemu exit $rc, expected 0"
echo "run-kit-calls: OK ($way, rv$xlen: $summary)"
