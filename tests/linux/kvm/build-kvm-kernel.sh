#!/usr/bin/env bash
# Build the riscv64 host kernel for the KVM test from Debian's
# linux-source-6.12 (KVM on riscv needs a kernel newer than the 6.1 the
# perf tests use for its SBI PMU and system-reset exits): tinyconfig, then
# ../kernel.config, then kvm.config. Built once per configuration and kept in
#   ${TALLY_CACHE:-$HOME/.cache/tally}/linux-<hash of the configs, source, this script>/Image
# with the path printed on the last line. It is a script of its own so that
# ../build-kernel.sh, and with it the 6.1 Image whose figures the documents
# quote, stays as it is.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$tarball" ] || { echo "build-kvm-kernel: $tarball missing (Debian package linux-source-6.12)" >&2; exit 1; }
key=$( (cat "$here/../kernel.config" "$here/kvm.config" "$0"; stat -c %s "$tarball") | sha256sum | cut -c1-16)
cache=${TALLY_CACHE:-$HOME/.cache/tally}/linux-$key
if [ -f "$cache/Image" ]; then echo "$cache/Image"; exit 0; fi
mkdir -p "$cache"
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "build-kvm-kernel: extracting $tarball" >&2
tar -xJf "$tarball" -C "$work"
src=$(echo "$work"/linux-source-6.12)
# The same bytes on every machine, as build-kernel.sh does: no builder's
# name, host or date in the version line.
export KBUILD_BUILD_USER=root KBUILD_BUILD_HOST=ci KBUILD_BUILD_VERSION=1
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
mk() { make -C "$src" ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- -j"$(nproc)" "$@"; }
mk tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$src" "$src/.config" "$here/../kernel.config" "$here/kvm.config" >/dev/null
mk olddefconfig >/dev/null
# Every option asked for, by either fragment, must have survived olddefconfig.
cat "$here/../kernel.config" "$here/kvm.config" | while read -r line; do
  case "$line" in ''|'#'*) continue;; esac
  opt=${line%%=*}; val=${line#*=}
  if [ "$val" = n ]; then grep -q "^$opt=" "$src/.config" && { echo "build-kvm-kernel: $opt still set" >&2; exit 1; }
  else grep -qx "$line" "$src/.config" || { echo "build-kvm-kernel: $line did not stick" >&2; exit 1; }; fi
done
echo "build-kvm-kernel: building Image" >&2
mk Image >&2
cp "$src/arch/riscv/boot/Image" "$src/.config" "$cache/"
echo "$cache/Image"
