/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for src/arch/trap_guard.h, beside the fake csr.h: while the
 * guard is up, a fake CSR that "traps" is remembered (fake_cva6_csr.c,
 * tests/tools/fake_qemu_csr.c).
 */
#ifndef TALLY_ARCH_TRAP_GUARD_H
#define TALLY_ARCH_TRAP_GUARD_H
#include <stdbool.h>

struct trap_guard { int unused; };
void trap_guard_begin(struct trap_guard *g);
bool trap_guard_end(struct trap_guard *g);
#endif
