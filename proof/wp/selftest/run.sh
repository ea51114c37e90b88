#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The contracts can fail: each patch here removes one check of pmu.c before
# a state change; on a copy of the tree with it applied, proof/wp/run.sh
# (on the patched function's goals, rv64) must exit 1 naming a goal that is
# not on the known-unproved list. Exit 0 when every patch is caught.
#
#   proof/wp/selftest/run.sh [PATCH ...]
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# patch -> the function whose goals show it
func_of() {
	case $(basename "$1") in
	start-unused.patch) echo pmu_counter_start ;;
	stop-no-shmem.patch) echo pmu_counter_stop ;;
	*) echo "selftest: no function named for $1" >&2; exit 2 ;;
	esac
}

status=0
for p in ${*:-"$HERE"/*.patch}; do
	name=$(basename "$p" .patch)
	tree=$TMP/$name
	mkdir -p "$tree"
	(cd "$ROOT" && tar --exclude=./build --exclude=./.git -cf - .) | tar -C "$tree" -xf -
	(cd "$tree" && patch -s -p1 <"$p")
	set +e
	(cd "$tree" && ./proof/wp/run.sh -f "$(func_of "$p")" rv64) >"$TMP/$name.out" 2>&1
	rc=$?
	set -e
	grep '^rv64:' "$TMP/$name.out" | sed "s/^/$name: /"
	if [ $rc -eq 1 ] && grep -q '\[NEW\]' "$TMP/$name.out"; then
		echo "$name: caught (run.sh exit 1)"
	else
		echo "$name: NOT caught (run.sh exit $rc)"
		status=1
	fi
done
exit $status
