#!/usr/bin/env bash
# Build the rv64 kernel for many harts (linux-perf-16hart, -64hart) with
# build-kernel.sh's own recipe, unchanged, as build-kernel-rv32.sh does:
# kernel.config with CONFIG_NR_CPUS=64, the most riscv64 allows with SBI
# v0.1 (the sbi earlycon). Its own cache entry: the 4-CPU Image whose
# figures the documents quote, and the KVM kernel built from the same
# kernel.config, stay as they are. The Image's path is printed last.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sed 's/^CONFIG_NR_CPUS=.*/CONFIG_NR_CPUS=64/' "$here/kernel.config" > "$dir/kernel.config"
grep -qx 'CONFIG_NR_CPUS=64' "$dir/kernel.config" || { echo "build-kernel-smp: no CONFIG_NR_CPUS in kernel.config" >&2; exit 1; }
ln -s "$here/build-kernel.sh" "$dir/build-kernel.sh"
"$dir/build-kernel.sh"
