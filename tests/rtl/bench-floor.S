/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The floor: the least an M-mode handler can do for each trap the
 * benchmark times, on the CVA6 testharness (tests/rtl/bench-rtl.py builds
 * it and runs tests/payload/bench.c on it, as it runs Tally and OpenSBI).
 * Not a firmware: it trusts its payload, checks nothing it need not, and
 * has no fault handling. What each trap does:
 *
 *   ecall       mepc += 4, compare a7 with the EIDs it knows (BASE, TIME,
 *               DBCN's write_byte for the payload's printf, its own), answer
 *   set_timer   one store to mtimecmp (three on rv32), STIP cleared, MTIE set
 *   M timer     MTIE cleared, STIP set
 *   rdtime      mtime read, written to rd (decoded from mtval), mepc += 4
 *   misaligned  the instruction read with MPRV, decoded (width, sign,
 *   load/store  rd or rs2), the bytes moved one by one with MPRV, mepc += 4
 *
 * Registers it uses are saved in its own area (mscratch); rd and rs2 are
 * reached through a jump table, one entry per register.
 *
 * Build: riscv64-unknown-elf-gcc -march=rv64imac -mabi=lp64 -nostdlib
 *   -DPAYLOAD_BASE=0x80200000 -Ttext=0x80000000 bench-floor.S
 */
#if __riscv_xlen == 64
#define SREG sd
#define LREG ld
#define R 8
#else
#define SREG sw
#define LREG lw
#define R 4
#endif

#define UART      0x10000000
#define UART_LSR  (5 * 4)
#define CLINT     0x02000000
#define MTIMECMP  (CLINT + 0x4000)
#define MTIME     (CLINT + 0xbff8)
#define MPRV      (1 << 17)
#define MIP_STIP  0x20
#define MIP_MTIP  0x80
#define EID_BASE  0x10
#define EID_TIME  0x54494D45
#define EID_DBCN  0x4442434E
#define EID_FLOOR 0x0A0F1000
#define IMPL_ID   0xF1007
#define NOT_SUPPORTED -2
/* the jump tables, past the save area (below) */
#define WT1 128
#define WT6 (WT1 + 256)
#define RT6 (WT6 + 256)

	.option norelax              /* no gp: every address is built in full */
	.section .text
	.globl _start
_start:
	csrw	mie, zero
	csrr	t0, mhartid
	bnez	t0, park
	la	t0, vector
	csrw	mtvec, t0
	la	t0, save
	csrw	mscratch, t0
	li	t0, -1
	csrw	pmpaddr0, t0
	li	t0, 0x1f             /* NAPOT, RWX: S-mode may touch everything */
	csrw	pmpcfg0, t0
	li	t0, 0x222            /* S-mode's interrupts are S-mode's */
	csrw	mideleg, t0
	csrw	medeleg, zero        /* every exception comes here */
	li	t0, -1
	csrw	mcounteren, t0
	/* UART: 8N1, divisor 27 (50 MHz, 115200), FIFOs on */
	li	t1, UART
	li	t0, 0x80
	sb	t0, 12(t1)
	li	t0, 27
	sb	t0, 0(t1)
	sb	zero, 4(t1)
	li	t0, 3
	sb	t0, 12(t1)
	li	t0, 7
	sb	t0, 8(t1)

	/* One bus read of mtime, and one of cached RAM, as the firmware's
	 * rdtime pays it: 32 loads each depending on the one before (the
	 * address is the loaded value times zero plus the address). */
	li	a2, MTIME
	la	a3, save
	LREG	t0, 0(a3)            /* warm the line */
	.irp	addr, a2, a3
	rdcycle	t1
	.rept 32
	LREG	t0, 0(\addr)
	and	t0, t0, zero
	add	\addr, \addr, t0
	.endr
	rdcycle	t2
	sub	t2, t2, t1
	srli	t2, t2, 5
	.ifc \addr, a2
	la	t0, mtime_cycles
	.else
	la	t0, ram_cycles
	.endif
	SREG	t2, 0(t0)
	.endr

	li	t0, 1 << 11          /* MPP = S */
	csrw	mstatus, t0
	li	t0, PAYLOAD_BASE
	csrw	mepc, t0
	li	a0, 0
	li	a1, 0
	mret
park:
	wfi
	j	park

/* ---- the trap vector --------------------------------------------------- */

/*
 * a0 is parked in mscratch: an ecall's answer goes to a0 anyway, so the
 * calls need no other register and no memory. The other traps save what
 * they use in the save area, a0 pointing at it.
 */
	.balign 4
vector:
	csrw	mscratch, a0
	csrr	a0, mcause
	bltz	a0, irq
	addi	a0, a0, -9
	bnez	a0, exception

	/* ecall: past it, then the EID */
	csrr	a0, mepc
	addi	a0, a0, 4
	csrw	mepc, a0
	li	a0, EID_BASE
	bne	a7, a0, 1f
	li	a0, 0
	bnez	a6, base_other
	li	a1, 0x03000000       /* SBI 3.0 */
	mret
base_other:
	li	a1, IMPL_ID          /* get_impl_id: the payload knows the floor by it */
	li	a0, 1
	beq	a6, a0, 6f
	li	a1, 1                /* anything else of BASE (probe_extension): 1 */
6:	li	a0, 0
	mret
1:	li	a0, EID_TIME
	bne	a7, a0, 2f
	li	a0, MTIMECMP
#if __riscv_xlen == 64
	csrr	a1, mscratch         /* the deadline */
	sd	a1, 0(a0)
#else
	sw	a1, 4(a0)            /* the floor skips the all-ones step Tally takes */
	csrr	a1, mscratch
	sw	a1, 0(a0)
#endif
	li	a0, MIP_STIP
	csrc	mip, a0
	li	a0, MIP_MTIP
	csrs	mie, a0
	li	a0, 0
	mret
	/* Not timed: a match branches (CVA6 predicts a forward branch not
	 * taken), so an unknown EID falls through to its answer. */
2:	li	a0, EID_DBCN
	beq	a7, a0, dbcn
	li	a0, EID_FLOOR
	beq	a7, a0, floor
	li	a0, NOT_SUPPORTED
	mret
dbcn:
	li	a0, 2                /* write_byte only: the payload's printf */
	bne	a6, a0, 5f
	li	a1, UART
4:	lbu	a0, UART_LSR(a1)
	andi	a0, a0, 0x20
	beqz	a0, 4b
	csrr	a0, mscratch
	sb	a0, 0(a1)
	li	a0, 0
	li	a1, 0
	mret
5:	li	a0, NOT_SUPPORTED
	mret
floor:
	la	a0, ram_cycles
	LREG	a1, 0(a0)
	la	a0, mtime_cycles
	LREG	a0, 0(a0)
	mret

	/* The machine timer: hand it to S-mode. */
irq:
	li	a0, MIP_MTIP
	csrc	mie, a0
	li	a0, MIP_STIP
	csrs	mip, a0
	csrr	a0, mscratch
	mret

exception:
	addi	a0, a0, 9 - 2
	bnez	a0, misaligned
	/* rdtime (csrrs rd, time, x0): mtime into rd, past it. */
	la	a0, save
	SREG	t0, 0 * R(a0)
	SREG	t1, 1 * R(a0)
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	csrr	t0, mtval
	li	t1, MTIME
	LREG	t1, 0(t1)
	srli	t0, t0, 7 - 3
	andi	t0, t0, 31 << 3
	add	t0, t0, a0
	jr	WT1(t0)
rdtime_done:
	LREG	t0, 0 * R(a0)
	LREG	t1, 1 * R(a0)
	csrr	a0, mscratch
	mret

	/* A misaligned load (cause 4, a0 = 2) or store (6, a0 = 4). */
misaligned:
	la	a0, save
	SREG	t0, 0 * R(a0)
	SREG	t1, 1 * R(a0)
	SREG	t2, 2 * R(a0)
	SREG	t3, 3 * R(a0)
	SREG	t4, 4 * R(a0)
	SREG	t5, 5 * R(a0)
	SREG	t6, 6 * R(a0)
	csrr	t4, mepc
	li	t1, MPRV
	csrs	mstatus, t1          /* loads and stores as the mode that trapped */
	lhu	t2, 0(t4)            /* the instruction, two halves */
	lhu	t3, 2(t4)
	slli	t3, t3, 16
	or	t2, t2, t3
	csrr	t3, mtval            /* the address */
	srli	t1, t2, 12
	andi	t1, t1, 3
	li	t5, 1
	sll	t5, t5, t1           /* width: 1 << funct3[1:0] */
	add	t5, t5, t3           /* the end */
	addi	t4, t4, 4
	csrw	mepc, t4
	andi	t1, t2, 0x20
	bnez	t1, mis_store
	li	t1, 0                /* the value */
	li	t4, 0                /* its shift */
1:	lbu	t6, 0(t3)
	sll	t6, t6, t4
	or	t1, t1, t6
	addi	t3, t3, 1
	addi	t4, t4, 8
	bne	t3, t5, 1b
	li	t6, MPRV
	csrc	mstatus, t6
	srli	t6, t2, 14           /* funct3[2]: unsigned */
	andi	t6, t6, 1
	bnez	t6, 2f
	li	t6, __riscv_xlen     /* signed: extend from the top byte loaded */
	sub	t6, t6, t4
	sll	t1, t1, t6
	sra	t1, t1, t6
2:	srli	t0, t2, 7 - 3
	andi	t0, t0, 31 << 3
	add	t0, t0, a0
	jr	WT6(t0)
mis_store:
	srli	t0, t2, 20 - 3
	andi	t0, t0, 31 << 3
	add	t0, t0, a0
	jr	RT6(t0)
mis_store_value:                     /* t1 = rs2 */
1:	sb	t1, 0(t3)
	srli	t1, t1, 8
	addi	t3, t3, 1
	bne	t3, t5, 1b
	li	t6, MPRV
	csrc	mstatus, t6
mis_done:
	LREG	t0, 0 * R(a0)
	LREG	t1, 1 * R(a0)
	LREG	t2, 2 * R(a0)
	LREG	t3, 3 * R(a0)
	LREG	t4, 4 * R(a0)
	LREG	t5, 5 * R(a0)
	LREG	t6, 6 * R(a0)
	csrr	a0, mscratch
	mret

/*
 * The jump tables: entry n (8 bytes) writes t1 into xn (wtable) or reads
 * xn into t1 (rtable). Registers the handler saved are in the save area
 * (x5..x7 t0..t2 in slots 0..2, x28..x31 t3..t6 in 3..6), S-mode's a0
 * is in mscratch, and x0 is 0. The save area sits just before them, so
 * a0 (its address) reaches them with one jalr offset; in .text, which the
 * floor may write (M-mode, no PMP rule for it).
 */
.macro slot_of n
	.if \n >= 5 && \n <= 7
	.set slot, \n - 5
	.elseif \n >= 28
	.set slot, \n - 25
	.else
	.set slot, -1
	.endif
.endm

.macro wentry n, last, done
	slot_of \n
	.if \n == 0
	nop
	.elseif \n == 10
	csrw	mscratch, t1
	.elseif slot >= 0 && slot <= \last
	SREG	t1, slot * R(a0)
	.else
	mv	x\n, t1
	.endif
	j	\done
.endm

.macro rentry n, last, done
	slot_of \n
	.if \n == 0
	li	t1, 0
	.elseif \n == 10
	csrr	t1, mscratch
	.elseif slot >= 0 && slot <= \last
	LREG	t1, slot * R(a0)
	.else
	mv	t1, x\n
	.endif
	j	\done
.endm

	.option push
	.option norvc
	.balign 64
save:	.space 8 * R
mtime_cycles:	.space R
ram_cycles:	.space R
	.skip	save + WT1 - .
wtable_t1:                           /* rdtime: t0, t1 saved */
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	wentry \n, 1, rdtime_done
	.endr
	.skip	save + WT6 - .
wtable_t6:                           /* misaligned load: t0..t6 saved */
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	wentry \n, 6, mis_done
	.endr
	.skip	save + RT6 - .
rtable_t6:                           /* misaligned store */
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	rentry \n, 6, mis_store_value
	.endr
	.option pop
