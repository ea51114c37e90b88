#!/usr/bin/env bash
# The fast paths against their C twins (tests/payload/fastpath): the logs of
# one payload run under the image with the fast paths and under the one
# without must carry the same digest lines, in the same order, and each must
# have passed. Exit 77 (skipped) when the runs were skipped (no RTL model).
#   fastpath-diff.sh FAST.log C.log
set -u
fast=$1; c=$2
for log in "$fast" "$c"; do
  if [ ! -s "$log" ] || grep -q "^SKIPPED" "$log"; then
    echo "SKIPPED: no run in $log"; exit 77
  fi
  grep -q "^[0-9]* passed, 0 failed$" "$log" || { echo "fastpath-diff: $log did not pass"; exit 1; }
done
a=$(grep "^digest " "$fast"); b=$(grep "^digest " "$c")
if [ -z "$a" ]; then echo "fastpath-diff: no digest lines in $fast"; exit 1; fi
if [ "$a" != "$b" ]; then
  echo "fastpath-diff: the fast paths and their C twins left different results:"
  diff <(echo "$a") <(echo "$b") | sed 's/^</fast:/; s/^>/C:   /'
  exit 1
fi
echo "fastpath-diff: $(echo "$a" | wc -l) digests agree:"
echo "$a"
