/* SPDX-License-Identifier: BSD-2-Clause */
/* The firmware's own region, and the one check of addresses from lower modes (mem.c). */
#ifndef TALLY_MEM_H
#define TALLY_MEM_H

#include <stdbool.h>
#include <stdint.h>

/* The image's first and last byte + 1 (linker/tally.ld). */
extern char _fw_start[], _fw_end[];

/* May a lower mode hand the firmware [addr, addr + len)? addr if so, and then
 * *end = addr + len (64-bit: on rv32 a buffer may end at 4 GiB); else 0. */
uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *end);
/* Boot: add a RAM range; false if it wraps or there is no room. */
bool mem_add_ram(uint64_t base, uint64_t size);

#endif
