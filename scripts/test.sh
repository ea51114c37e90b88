#!/usr/bin/env bash
# Install what is missing, build every preset, run every test.
set -eu
cd "$(dirname "$0")/.."
./scripts/setup.sh
presets=$(cmake --list-presets=configure | sed -n 's/^ *"\([^"]*\)".*/\1/p')
status=0
for p in $presets; do
  echo "=== preset $p"
  cmake --preset "$p" >/dev/null
  cmake --build --preset "$p" -j"$(nproc)"
  # `long` tests take hours (docs/testing.md): run them by hand, -L long.
  ctest --preset "$p" -j"$(nproc)" -LE long || status=1
done
# Each preset's tests-readme found its own tests in tests/README.md; this
# also finds rows of tests that no preset registers any more.
python3 tests/docs/check_test_list.py --all-presets || status=1
exit $status
