#!/usr/bin/env bash
# Boot a firmware image with a payload under QEMU and check the boot banner.
#   check-banner.sh LOG TIMEOUT_S PATTERN... -- QEMU ARGS...
# Each PATTERN is an extended regular expression that some line of the
# output must match; a PATTERN starting with ! must match no line. Passes
# when every pattern holds (the payload's own result does not matter:
# hello.c just shuts down).
set -u
log=$1; limit=$2; shift 2
pats=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do pats+=("$1"); shift; done
[ $# -gt 0 ] && shift
timeout --foreground "$limit" "$@" -nographic -monitor none -serial stdio </dev/null >"$log" 2>&1
rc=$?
cat "$log"
[ "$rc" = 124 ] && { echo "check-banner: TIMEOUT after ${limit}s"; exit 1; }
# The console ends lines with CR LF: drop the CRs so $ anchors work.
text=$(tr -d '\r' <"$log")
fail=0
for p in "${pats[@]}"; do
  if [ "${p:0:1}" = "!" ]; then
    if grep -aqE -- "${p:1}" <<<"$text"; then echo "check-banner: unwanted: ${p:1}"; fail=1; fi
  elif ! grep -aqE -- "$p" <<<"$text"; then
    echo "check-banner: missing: $p"; fail=1
  fi
done
[ "$fail" = 0 ] && echo "check-banner: OK (${#pats[@]} patterns)"
exit $fail
