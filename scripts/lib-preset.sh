# shellcheck shell=bash disable=SC2034   # sourced: the callers use what it sets
# Sourced by scripts/debug.sh and scripts/trace.sh: find (configure if
# needed) the build of a preset, or take a build directory as it is.
#
#   preset_build NAME PRESET_OR_BUILD_DIR
#
# NAME is the calling script's name, for its error messages. Sets build
# (the build directory), nobuild (1: a build directory was given, do not
# rebuild it), bios and fw_elf (the firmware image the preset's QEMU tests
# boot, and its ELF), and defines cache VAR (a CMake cache value of the
# build) and die MESSAGE (print "NAME: MESSAGE" and exit 1).
preset_build() {
	preset_tool=$1     # global: die is called after this function returns
	local preset=$2
	die() { echo "$preset_tool: $*" >&2; exit 1; }
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	build=$root/build/$preset
	nobuild=0
	if [ -f "$preset/CMakeCache.txt" ]; then    # a build directory (the ctests pass one)
		build=$(cd "$preset" && pwd); nobuild=1
	fi
	if [ ! -f "$build/CMakeCache.txt" ]; then
		(cd "$root" && cmake --preset "$preset" >/dev/null) || die "cannot configure preset $preset"
	fi
	cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
	bios=$(cache TALLY_QEMU_BIOS)
	fw_elf=$build/${bios%.bin}.elf
}
