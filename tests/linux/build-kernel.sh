#!/usr/bin/env bash
# Build the small riscv64 kernel for the Linux perf test from Debian's
# linux-source-6.1, once per configuration: the result is kept in
#   ${TALLY_CACHE:-$HOME/.cache/tally}/linux-<hash of config, source, this script>/Image
# and the path is printed on the last line.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tarball=/usr/src/linux-source-6.1.tar.xz
[ -f "$tarball" ] || { echo "build-kernel: $tarball missing (Debian package linux-source-6.1)" >&2; exit 1; }
key=$( (cat "$here/kernel.config" "$0"; stat -c %s "$tarball") | sha256sum | cut -c1-16)
cache=${TALLY_CACHE:-$HOME/.cache/tally}/linux-$key
if [ -f "$cache/Image" ]; then echo "$cache/Image"; exit 0; fi
mkdir -p "$cache"
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "build-kernel: extracting $tarball" >&2
tar -xJf "$tarball" -C "$work"
src=$(echo "$work"/linux-source-6.1)
# The same bytes on every machine: the builder's name, host and date go
# into the version line Linux prints, so they would move every count the
# documents quote (issue 32: a clean clone's figures differed by 0.1).
export KBUILD_BUILD_USER=root KBUILD_BUILD_HOST=ci KBUILD_BUILD_VERSION=1
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
mk() { make -C "$src" ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- -j"$(nproc)" "$@"; }
mk tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$src" "$src/.config" "$here/kernel.config" >/dev/null
mk olddefconfig >/dev/null
# Every option we asked for must have survived olddefconfig.
while read -r line; do
  case "$line" in ''|'#'*) continue;; esac
  opt=${line%%=*}; val=${line#*=}
  if [ "$val" = n ]; then grep -q "^$opt=" "$src/.config" && { echo "build-kernel: $opt still set" >&2; exit 1; }
  else grep -qx "$line" "$src/.config" || { echo "build-kernel: $line did not stick" >&2; exit 1; }; fi
done < "$here/kernel.config"
echo "build-kernel: building Image" >&2
mk Image >&2
cp "$src/arch/riscv/boot/Image" "$src/.config" "$cache/"
echo "$cache/Image"
