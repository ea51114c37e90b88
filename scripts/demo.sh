#!/usr/bin/env bash
# Install what is missing, build the QEMU virt rv64 firmware, and boot it
# with the demo payload: a perf-stat-like table measured through SBI PMU.
set -eu
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake --preset qemu-virt-rv64 >/dev/null
cmake --build --preset qemu-virt-rv64 -j"$(nproc)" >/dev/null
exec qemu-system-riscv64 -M virt -m 128M -nographic -monitor none \
  -icount shift=0,sleep=off \
  -bios build/qemu-virt-rv64/tally.bin \
  -kernel build/qemu-virt-rv64/tests/payload/demo.elf
