/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one image the CVA6 testharness preloads for a Linux boot
 * (linux-rtl.py builds it): the model loads only the ELF section at
 * 0x80000000, and its boot ROM hands a1 = the ROM's own tree. So the firmware
 * travels beside the kernel, initrd and tree, and a short stage 0 moves it
 * to 0x80000000 and enters it as the ROM would, but with a1 = our tree.
 * Any fw_jump-style firmware linked at 0x80000000 runs unchanged this way
 * (Tally, Debian's OpenSBI 1.1): one hart, a0 = hartid kept from the ROM.
 *
 * linux-rtl.py passes the offsets (-D) and the files' paths.
 */
	.option	norelax             /* the .org offsets are the layout: nothing may move */
	.section .blob, "awx"
	.globl _start
_start:
	lla	t0, stage0_far         /* 0x80000000 is the firmware's, once copied */
	jr	t0

	.org	KERNEL_OFF
	.incbin	KERNEL_BIN
	.org	FW_OFF
fw:	.incbin	FW_BIN
	.balign	8
fw_end:
	.org	INITRD_OFF
	.incbin	INITRD_BIN
	.org	DTB_OFF
dtb:	.incbin	DTB_BIN
	.balign	8
stage0_far:
	/* Copy the firmware down to _start: forward, the target below the source. */
	la	t0, fw
	la	t1, fw_end
	la	t2, _start
#if __riscv_xlen == 64
1:	ld	t3, 0(t0)
	sd	t3, 0(t2)
	addi	t0, t0, 8
	addi	t2, t2, 8
#else
1:	lw	t3, 0(t0)
	sw	t3, 0(t2)
	addi	t0, t0, 4
	addi	t2, t2, 4
#endif
	bltu	t0, t1, 1b
	fence.i                     /* the old _start may sit in the I-cache */
	la	a1, dtb
	la	t0, _start
	jr	t0
