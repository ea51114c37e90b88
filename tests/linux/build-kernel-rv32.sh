#!/usr/bin/env bash
# Build the rv32 kernel for the cv32a6 model with build-kernel.sh's own
# recipe, unchanged: that script hashes its own bytes into the rv64 cache
# key, so an option there would rebuild the rv64 Image whose figures the
# documents quote. Here it runs from a directory whose kernel.config is
# ../kernel.config with CONFIG_64BIT=y replaced by kernel-rv32.config; that
# config is hashed into the key, so the rv32 Image gets a cache entry of its
# own. The Image's path is printed on the last line. It keeps 4 CPUs: with
# SBI v0.1 (the sbi earlycon) rv32 Linux allows at most 32, and the cv32a6
# model has one hart.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grep -vx 'CONFIG_64BIT=y' "$here/kernel.config" | sed 's/^CONFIG_NR_CPUS=.*/CONFIG_NR_CPUS=4/' > "$dir/kernel.config"
cat "$here/kernel-rv32.config" >> "$dir/kernel.config"
ln -s "$here/build-kernel.sh" "$dir/build-kernel.sh"
"$dir/build-kernel.sh"
