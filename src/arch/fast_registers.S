/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fast paths' register tables, by register number. Included by entry.S.
 * One entry per register (4 bytes: compressed): write_table writes t1
 * into xn, read_table reads xn into t1. The registers trap_entry saved
 * (ra, sp, t0, t1, a2..a7) are in the frame, restore reloads them from
 * there; the others are the payload's own, live. read_table (MPRV set)
 * takes from the frame only those the misaligned path wrote: a5 is live.
 */
#ifndef __riscv_compressed
#error "the register tables need compressed instructions (4-byte entries)"
#endif
.macro saved_slot n
	.set slot, (\n == 1 || \n == 2 || \n == 5 || \n == 6 || (\n >= 12 && \n <= 17))
.endm
.macro write_entry n
	saved_slot \n
	.if \n == 0
	c.nop
	.elseif slot
#if __riscv_xlen == 64
	c.sdsp	t1, \n * 8(sp)
#else
	c.swsp	t1, \n * 4(sp)
#endif
	.else
	c.mv	x\n, t1
	.endif
	c.j	restore
.endm
.macro read_entry n
	saved_slot \n
	.if \n == 0
	c.li	t1, 0
	c.j	misaligned_store_value
	.elseif slot && \n != 15
	c.li	t1, \n
	c.j	misaligned_read_saved
	.else
	c.mv	t1, x\n
	c.j	misaligned_store_value
	.endif
.endm
.macro fast_register_tables
	.balign 4                    /* relaxable padding: kept aligned after linker relaxation */
	.option push
	.option norelax
write_table:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	write_entry \n
	.endr
read_table:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	read_entry \n
	.endr
	.option pop
.endm
