#!/usr/bin/env bash
# The payload kit, out of the checkout, as docs/payloads.md tells a
# newcomer: copy payload-kit/ alone to a scratch folder (so nothing of the
# checkout is in reach), build its examples (hello, perf-stat, harts) with
# the kit's CMake function or its Makefile, boot each on QEMU with this
# build's firmware under -icount with 4 harts, and check what they
# print and how QEMU exits. With make on rv64 S-mode, also the "Or by
# hand" commands of docs/payloads.md, run as written on a copy of hello.
#
#   run-kit-example.sh SRC_DIR FIRMWARE_BIN WAY XLEN MODE QEMU CPU
#     WAY   cmake | make
#     MODE  s | u (u: the Ibex stand-in, -cpu lowrisc-ibex)
set -u
src=$1 fw=$2 way=$3 xlen=$4 mode=$5 qemu=$6 cpu=$7
tmp=$(mktemp -d /tmp/tally-kit.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "run-kit-example: FAIL: $*"; exit 1; }

cp -r "$src/payload-kit" "$tmp/kit"
kit=$tmp/kit
cp -r "$kit/examples/hello" "$kit/examples/perf-stat" "$kit/examples/harts" "$tmp/"
# Boot ELF on the firmware into LOG (-icount: instructions, not host time),
# on 4 harts: the others wait stopped, and harts starts them. Sets rc.
boot() {
  timeout --foreground 30 "$qemu" -M virt -cpu "$cpu" -smp 4 -nographic -monitor none -serial stdio \
    -icount shift=0 -bios "$fw" -kernel "$1" </dev/null >"$2" 2>&1
  rc=$?
}
for ex in hello perf-stat harts; do
  cd "$tmp/$ex" || exit 1
  case $way in
  cmake)
    cmake -B build -DTALLY_KIT_DIR="$kit" -DTALLY_XLEN="$xlen" -DTALLY_MODE="$mode" \
      >build.log 2>&1 && cmake --build build >>build.log 2>&1 || { cat build.log; fail "$ex: cmake build"; }
    elf=$tmp/$ex/build/$ex.elf ;;
  make)
    make TALLY_KIT="$kit" XLEN="$xlen" MODE="$mode" >build.log 2>&1 || { cat build.log; fail "$ex: make"; }
    elf=$tmp/$ex/$ex.elf ;;
  *) fail "WAY $way: cmake or make" ;;
  esac
  [ -f "${elf%.elf}.bin" ] || fail "$ex: no ${elf%.elf}.bin"
  grep -q "$src" build.log && { cat build.log; fail "$ex: the build reached into the checkout"; }
  # The run, as the document gives it.
  boot "$elf" "$tmp/$ex.log"
  echo "== $ex ($way, rv$xlen, $mode-mode): qemu exit $rc"
  cat "$tmp/$ex.log"
  [ "$rc" = 0 ] || fail "$ex: qemu exit $rc, expected 0"
done

h=$tmp/hello.log p=$tmp/perf-stat.log m=$tmp/harts.log
grep -q '^hello from a Tally payload kit payload: hart 0' "$h" || fail "hello: no greeting"
grep -q '^SBI spec 3\.0, implementation Tally (0x7a11)' "$h" || fail "hello: spec version or implementation"
grep -q '^extensions:.* SRST PMU DBCN' "$h" || fail "hello: extensions"
grep -q '^an unknown extension answers SBI_ERR_NOT_SUPPORTED$' "$h" || fail "hello: error name"
grep -qE '^ +[0-9,]+ +cycles$' "$p" || fail "perf-stat: cycles"
grep -qE '^ +[0-9,]+ +instructions +# +[0-9]+\.[0-9]+ +insn per cycle$' "$p" || fail "perf-stat: instructions"
if [ "$mode" = s ]; then
  grep -qE '^ +10 +fw:set_timer$' "$p" || fail "perf-stat: fw:set_timer should be 10"
else
  # Ibex stand-in: no TIME; rdtime is emulated, each one an ILLEGAL_INSN.
  grep -qE '^ +<not supported> +fw:set_timer$' "$p" || fail "perf-stat: fw:set_timer on an M+U hart"
  grep -qE '^ +10 +fw:illegal_insn$' "$p" || fail "perf-stat: fw:illegal_insn should be 10"
fi
if [ "$mode" = s ]; then
  # Every other hart ran its share, whichever hart booted, and stopped.
  grep -q '^harts: 3 other harts ran and stopped$' "$m" || fail "harts: not 3 other harts"
  [ "$(grep -cE '^hart [0-9]: started, summed 1\.\.[0-9]+000$' "$m")" = 3 ] || fail "harts: 3 workers should report"
else
  grep -q '^harts: no HSM extension: this payload has hart 0 alone$' "$m" || fail "harts: an M+U hart has no HSM"
fi
if [ "$way" = make ] && [ "$xlen" = 64 ] && [ "$mode" = s ]; then
  # The document's block (what it builds: hello, rv64, S-mode), with TALLY
  # a folder that holds the kit alone.
  awk '/^## Or by hand$/ { s = 1 } s && b && /^```$/ { exit } s && b { print } s && /^```sh$/ { b = 1 }' \
    "$src/docs/payloads.md" >"$tmp/hand.sh"
  [ -s "$tmp/hand.sh" ] || fail "by hand: no sh block under '## Or by hand' in docs/payloads.md"
  mkdir "$tmp/tally" && cp -r "$kit" "$tmp/tally/payload-kit" && cp -r "$kit/examples/hello" "$tmp/hand" || exit 1
  (cd "$tmp/hand" && TALLY=$tmp/tally bash -e "$tmp/hand.sh") >"$tmp/hand.log" 2>&1 ||
    { cat "$tmp/hand.sh" "$tmp/hand.log"; fail "by hand: docs/payloads.md's commands"; }
  boot "$tmp/hand/hello.elf" "$tmp/hand-run.log"
  echo "== hello (by hand, rv64, s-mode): qemu exit $rc"
  cat "$tmp/hand-run.log"
  [ "$rc" = 0 ] || fail "by hand: qemu exit $rc, expected 0"
  grep -q '^hello from a Tally payload kit payload: hart 0' "$tmp/hand-run.log" || fail "by hand: no greeting"
fi
echo "run-kit-example: OK ($way, rv$xlen, $mode-mode)"
