#!/usr/bin/env bash
# ibex-size.sh SIZE ELF LIMIT: text + data of the firmware itself, i.e.
# every allocated, loaded section except .payload (the linked-in test
# payload) and the NOLOAD .bss/.stacks, must not exceed LIMIT bytes.
set -eu
size=$1; elf=$2; limit=$3
"$size" -A "$elf" >/dev/null || exit 1
total=$("$size" -A "$elf" | awk '$1 ~ /^\.(text|rodata|data|sdata|srodata)/ { t += $2 } END { print t + 0 }')
"$size" -A "$elf" | awk 'NR > 2 && $2 > 0'
echo "firmware text+data: $total bytes (limit $limit)"
[ "$total" -le "$limit" ]
