#!/usr/bin/env bash
# Build the rv32 kernel for the cv32a6 model with build-kernel.sh's own
# recipe, unchanged: that script hashes its own bytes into the rv64 cache
# key, so an option there would rebuild the rv64 Image whose figures the
# documents quote. Here it runs from a directory whose kernel.config is
# ../kernel.config with CONFIG_64BIT=y replaced by kernel-rv32.config; that
# config is hashed into the key, so the rv32 Image gets a cache entry of its
# own. The Image's path is printed on the last line.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grep -vx 'CONFIG_64BIT=y' "$here/kernel.config" > "$dir/kernel.config"
cat "$here/kernel-rv32.config" >> "$dir/kernel.config"
ln -s "$here/build-kernel.sh" "$dir/build-kernel.sh"
"$dir/build-kernel.sh"
