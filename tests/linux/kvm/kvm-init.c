/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /init for the Linux KVM test: a static, libc-free riscv64 program that
 * runs the guest of guest.S in a KVM virtual machine, one vCPU, once on
 * every host CPU it may use, and judges what the guest reports. Each line
 * is "ok - ..." or "FAIL - ...", the last "N passed, M failed", then the
 * machine powers off through reboot(2) (-> SBI SRST).
 *
 * What it proves about the firmware beneath Linux: that it hands the H
 * extension's traps (VS-mode ecalls, guest page faults, virtual
 * instructions) to KVM in HS-mode, and that KVM's host perf events, timer
 * and interrupts work on it, on each hart.
 */
#include <stdint.h>

/* Text to /dev/kmsg, so that none is lost at power-off on a UART without
 * an interrupt (the CVA6 testharness; init-kmsg.h says why). */
static void kmsg_write(const char *s, long n);
#define INIT_WRITE(s, n) kmsg_write((s), (n))

#include "../init-lib.h"
#include "../init-kmsg.h"
#include "kvm-guest.h"

#define SYS_sched_getaffinity 123
#define SYS_getcpu 168
#define O_RDWR 2
#define O_CLOEXEC 0x80000
#define EINTR 4

/* KVM's ioctls (include/uapi/linux/kvm.h): _IO(0xae, n), or _IOW with the argument's size. */
#define KVM_GET_API_VERSION 0xae00
#define KVM_CREATE_VM 0xae01
#define KVM_GET_VCPU_MMAP_SIZE 0xae04
#define KVM_CREATE_VCPU 0xae41
#define KVM_SET_USER_MEMORY_REGION (0x40000000 | 32 << 16 | 0xae46)
#define KVM_RUN 0xae80
#define KVM_GET_ONE_REG (0x40000000 | 16 << 16 | 0xaeab)
#define KVM_SET_ONE_REG (0x40000000 | 16 << 16 | 0xaeac)
#define KVM_API_VERSION 12
#define KVM_EXIT_MMIO 6
#define KVM_EXIT_SYSTEM_EVENT 24
#define KVM_SYSTEM_EVENT_SHUTDOWN 1

/*
 * A register's ONE_REG id: RISC-V, 64 bits, type CORE, and its index in
 * struct kvm_riscv_core (pc, then x1..x31 in order).
 */
#define CORE_REG(i) (0x8000000000000000ULL | 0x0030000000000000ULL | 2 << 24 | (i))
#define REG_PC 0
#define REG_SP 2
#define REG_S0 8
#define REG_A0 10
#define REG_A1 11
#define REG_A2 12

struct one_reg {
	uint64_t id, addr;
};

struct memory_region {
	uint32_t slot, flags;
	uint64_t guest_phys_addr, memory_size, userspace_addr;
};

/* The start of struct kvm_run that this program reads (riscv has no s390 fields). */
struct kvm_run {
	uint8_t request_interrupt_window, immediate_exit, pad[6];
	uint32_t exit_reason;
	uint8_t ready_for_interrupt_injection, if_flag;
	uint16_t flags;
	uint64_t cr8, apic_base;
	union {
		struct {
			uint64_t phys_addr;
			uint8_t data[8];
			uint32_t len;
			uint8_t is_write;
		} mmio;
		struct {
			uint32_t type, ndata;
			uint64_t data[16];
		} system_event;
	};
};

extern const uint8_t guest_start[], guest_end[];

static int passed, failed;
static const char *prefix = "";

static void out_hex(uint64_t v)
{
	char b[19];
	int i = 18;
	b[i] = 0;
	do { b[--i] = "0123456789abcdef"[v & 15]; v >>= 4; } while (v);
	b[--i] = 'x';
	b[--i] = '0';
	out(b + i);
}

static void check(int ok, const char *what, uint64_t got, int hex)
{
	out(ok ? "ok - " : "FAIL - ");
	out(prefix);
	out(what);
	out(" (");
	if (hex)
		out_hex(got);
	else
		out_num(got);
	out(")\n");
	if (ok) passed++; else failed++;
}

static long ioctl(long fd, unsigned long req, long arg)
{
	return sys(SYS_ioctl, fd, (long)req, arg, 0, 0);
}

static long set_reg(long vcpu, uint64_t id, uint64_t value)
{
	struct one_reg r = { id, (uint64_t)(uintptr_t)&value };
	return ioctl(vcpu, KVM_SET_ONE_REG, (long)&r);
}

static long get_reg(long vcpu, uint64_t id, uint64_t *value)
{
	struct one_reg r = { id, (uint64_t)(uintptr_t)value };
	return ioctl(vcpu, KVM_GET_ONE_REG, (long)&r);
}

/* /dev/kvm, made first if nothing has (devtmpfs is not mounted here). */
static long open_kvm(void)
{
	long fd = sys(SYS_openat, AT_FDCWD, (long)"/dev/kvm", O_RDWR | O_CLOEXEC, 0, 0);
	if (fd >= 0)
		return fd;
	sys(SYS_mknodat, AT_FDCWD, (long)"/dev/kvm", 0020600 /* S_IFCHR | 0600 */,
	    10 << 8 | 232 /* misc device 10, minor 232 */, 0);
	return sys(SYS_openat, AT_FDCWD, (long)"/dev/kvm", O_RDWR | O_CLOEXEC, 0, 0);
}

/* What one run of the guest left behind, for judge(). */
struct outcome {
	uint64_t slot[R_SLOTS];
	uint64_t seen;              /* bit n: slot n was written */
	uint32_t load_lens;         /* bit n: a load of n bytes was answered */
	int stray;                  /* MMIO exits outside both windows */
	uint32_t last_exit;
	struct { uint32_t type, ndata; uint64_t data0; } event;
	uint64_t s0;
};

/* Create a VM with the guest, run its vCPU to the end; 0, or a step that failed. */
static const char *run_vm(long kvm, long mmap_size, struct outcome *o)
{
	struct memory_region region = { 0, 0, GUEST_GPA, GUEST_SIZE, 0 };
	long vm, vcpu, mem, r;
	struct kvm_run *run;
	uint8_t *dst;

	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	if (vm < 0)
		return "KVM_CREATE_VM";
	mem = sys6(SYS_mmap, 0, GUEST_SIZE, 3 /* RW */, 0x22 /* PRIVATE | ANONYMOUS */, -1, 0);
	if ((unsigned long)mem >= -4096UL)
		return "mmap of guest memory";
	dst = (uint8_t *)mem;
	for (const uint8_t *p = guest_start; p < guest_end; p++)
		*dst++ = *p;
	region.userspace_addr = (uint64_t)mem;
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, (long)&region) < 0)
		return "KVM_SET_USER_MEMORY_REGION";
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	if (vcpu < 0)
		return "KVM_CREATE_VCPU";
	r = sys6(SYS_mmap, 0, mmap_size, 3, 1 /* SHARED */, vcpu, 0);
	if ((unsigned long)r >= -4096UL)
		return "mmap of the vCPU's kvm_run";
	run = (struct kvm_run *)r;
	if (set_reg(vcpu, CORE_REG(REG_PC), GUEST_GPA) < 0 ||
	    set_reg(vcpu, CORE_REG(REG_SP), GUEST_GPA + GUEST_SIZE) < 0 ||
	    set_reg(vcpu, CORE_REG(REG_A0), 0) < 0 ||
	    set_reg(vcpu, CORE_REG(REG_A1), REPORT_GPA) < 0 ||
	    set_reg(vcpu, CORE_REG(REG_A2), LOAD_GPA) < 0)
		return "KVM_SET_ONE_REG";

	/* A bound on exits: a guest looping on MMIO must not keep the test for ever. */
	for (int exits = 0; exits < 10000; exits++) {
		r = ioctl(vcpu, KVM_RUN, 0);
		if (r == -EINTR)
			continue;
		if (r < 0)
			return "KVM_RUN";
		o->last_exit = run->exit_reason;
		if (run->exit_reason == KVM_EXIT_SYSTEM_EVENT) {
			o->event.type = run->system_event.type;
			o->event.ndata = run->system_event.ndata;
			o->event.data0 = run->system_event.data[0];
			break;
		}
		if (run->exit_reason != KVM_EXIT_MMIO)
			break;
		uint64_t a = run->mmio.phys_addr, v = 0;
		uint32_t len = run->mmio.len;
		if (run->mmio.is_write && len == 8 && a >= REPORT_GPA && a < REPORT_GPA + 8 * R_SLOTS &&
		    a % 8 == 0) {
			for (int i = 7; i >= 0; i--)
				v = v << 8 | run->mmio.data[i];
			o->slot[(a - REPORT_GPA) / 8] = v;
			o->seen |= 1ULL << (a - REPORT_GPA) / 8;
		} else if (!run->mmio.is_write && a >= LOAD_GPA && a < LOAD_GPA + 16 && len <= 8) {
			/* Little-endian: the low len bytes of the magic value. */
			for (uint32_t i = 0; i < len; i++)
				run->mmio.data[i] = (uint8_t)(LOAD_MAGIC >> 8 * i);
			o->load_lens |= 1u << len;
		} else {
			o->stray++;
		}
	}
	if (get_reg(vcpu, CORE_REG(REG_S0), &o->s0) < 0)
		return "KVM_GET_ONE_REG";
	/*
	 * The two mappings stay (a MiB a run): unmapping them makes Linux
	 * fence the other harts' TLBs through the firmware, which spins until
	 * they answer, and under -icount QEMU leaves the spinning hart running
	 * until the next timer deadline, of which there may be none: 2-hart
	 * runs hung there.
	 */
	sys(SYS_close, vcpu, 0, 0, 0, 0);
	sys(SYS_close, vm, 0, 0, 0, 0);
	return 0;
}

static void judge(const struct outcome *o)
{
	const uint64_t *s = o->slot;
	uint64_t want = (1ULL << (R_MMIO_OK + 1)) - 1;
	uint64_t spec = s[R_SPEC];

	check(o->event.type == KVM_SYSTEM_EVENT_SHUTDOWN && o->last_exit == KVM_EXIT_SYSTEM_EVENT &&
	      o->event.ndata >= 1 && o->event.data0 == 0,
	      "SRST shutdown: KVM_EXIT_SYSTEM_EVENT, type SHUTDOWN, reason 0 (exit reason)",
	      o->last_exit, 0);
	if (o->seen & 1ULL << R_TRAP_CAUSE) {
		check(0, "the guest took an unexpected trap: scause", s[R_TRAP_CAUSE], 1);
		check(0, "... at sepc", s[R_TRAP_EPC], 1);
		check(0, "... stval", s[R_TRAP_TVAL], 1);
	}
	check((o->seen & want) == want && o->stray == 0,
	      "every report arrived as an MMIO store exit (slots seen)", o->seen, 1);
	check(o->s0 == REPORT_GPA, "KVM_GET_ONE_REG reads the guest's s0 (set from a1)", o->s0, 1);

	check(s[R_SPEC_ERR] == 0 && (spec >> 24 > 0 || (spec & 0xffffff) >= 3),
	      "base: get_spec_version at least 0.3", spec, 1);
	check(s[R_IMPL] == 3, "base: get_impl_id is KVM (3): the VS ecall reached KVM", s[R_IMPL], 0);
	check(s[R_PROBE_TIME] != 0, "base: probe_extension(TIME)", s[R_PROBE_TIME], 0);
	check(s[R_PROBE_PMU] != 0, "base: probe_extension(PMU)", s[R_PROBE_PMU], 0);
	check(s[R_PROBE_SRST] != 0, "base: probe_extension(SRST)", s[R_PROBE_SRST], 0);
	check(s[R_PROBE_NONE] == 0, "base: probe_extension of an unknown ID is 0", s[R_PROBE_NONE], 0);

	check(s[R_TIMER_ERRS] == 0, "time: every set_timer succeeded (OR of errors)", s[R_TIMER_ERRS], 1);
	check(s[R_TICKS] == TIMER_ROUNDS, "time: one VS timer interrupt per set_timer deadline",
	      s[R_TICKS], 0);
	check(s[R_EARLY] == 0, "time: no interrupt before its deadline", s[R_EARLY], 0);
	check(s[R_TCAUSE] == (1ULL << 63 | 5), "time: the guest saw scause = supervisor timer",
	      s[R_TCAUSE], 1);

	uint64_t n = s[R_NCTR];
	check(n > 3 && n <= 64, "pmu: num_counters", n, 0);
	check(s[R_INFO_ERRS] == 0, "pmu: counter_get_info succeeds on every counter but time",
	      s[R_INFO_ERRS], 1);
	check((s[R_INFO0] & 0xfff) == 0xc00 && !(s[R_INFO0] >> 63),
	      "pmu: counter 0 is a hardware counter read as CSR cycle", s[R_INFO0], 1);
	check((s[R_INFO2] & 0xfff) == 0xc02 && !(s[R_INFO2] >> 63),
	      "pmu: counter 2 is a hardware counter read as CSR instret", s[R_INFO2], 1);
	check(s[R_NFW] > 0 && s[R_NFW] < n, "pmu: some counters are firmware counters", s[R_NFW], 0);
	check(s[R_FW_ERR] == 0 && s[R_FW_IDX] < n,
	      "pmu: counter_config_matching of firmware event SET_TIMER", s[R_FW_IDX], 0);
	check(s[R_FW_READ_ERR] == 0 && s[R_FW_COUNT] == s[R_SET_TIMERS] &&
	      s[R_SET_TIMERS] == 2 * TIMER_ROUNDS,
	      "pmu: counter_fw_read of SET_TIMER counts the guest's set_timer calls", s[R_FW_COUNT], 0);
	/*
	 * KVM's counters are host perf events limited to the guest
	 * (exclude_host), but QEMU 7.2 counts in every mode: at least the
	 * loop's instructions, plus what host and firmware run for the SBI
	 * calls and interrupts between start and stop, well under twice.
	 */
	uint64_t work = 3ULL * WORK_LOOPS;
	check(s[R_CYC_ERR] == 0 && s[R_CYC_IDX] < n && s[R_CYC_IDX] != 1,
	      "pmu: counter_config_matching of cycles, auto-start", s[R_CYC_IDX], 0);
	check(s[R_INS_ERR] == 0 && s[R_INS_IDX] < n && s[R_INS_IDX] != 1 &&
	      s[R_INS_IDX] != s[R_CYC_IDX],
	      "pmu: counter_config_matching of instructions, auto-start", s[R_INS_IDX], 0);
	check(s[R_RUN_READ_ERRS] == 0 && s[R_INS_RUN] >= work && s[R_INS_RUN] < 2 * work,
	      "pmu: auto-started instructions over the 3M-instruction loop (counter_fw_read)",
	      s[R_INS_RUN], 0);
	check(s[R_CYC_RUN] >= s[R_INS_RUN] / 4 && s[R_CYC_RUN] < 100 * work,
	      "pmu: auto-started cycles over the same loop", s[R_CYC_RUN], 0);
	/*
	 * Linux 6.12's KVM enables an auto-started counter's perf event but
	 * does not mark it started, so its counter_stop answers
	 * ALREADY_STOPPED (-8) where the SBI wants 0; RESET releases it either way.
	 */
	check((s[R_CYC_RESET_ERR] == 0 || s[R_CYC_RESET_ERR] == (uint64_t)-8) &&
	      (s[R_INS_RESET_ERR] == 0 || s[R_INS_RESET_ERR] == (uint64_t)-8),
	      "pmu: counter_stop with RESET releases them (error 0, or KVM's ALREADY_STOPPED)",
	      s[R_CYC_RESET_ERR] | s[R_INS_RESET_ERR], 1);
	check(s[R_B_CFG_ERRS] == 0 && s[R_B_CYC_IDX] < n && s[R_B_INS_IDX] < n &&
	      s[R_B_CYC_IDX] != s[R_B_INS_IDX],
	      "pmu: counter_config_matching again, without auto-start", s[R_B_CFG_ERRS], 1);
	check(s[R_START_ERRS] == 0, "pmu: counter_start of both", s[R_START_ERRS], 1);
	check(s[R_STOP_ERRS] == 0, "pmu: counter_stop of both and of SET_TIMER's", s[R_STOP_ERRS], 1);
	uint64_t ins = s[R_INS_SBI], cyc = s[R_CYC_SBI];
	check(ins >= work && ins < 2 * work,
	      "pmu: instructions between start and stop (counter_fw_read)", ins, 0);
	check(cyc >= ins / 4 && cyc < 100 * work, "pmu: cycles between start and stop", cyc, 0);
	check(s[R_INS_CSR] == ins, "pmu: the instret CSR read (virtual instruction, KVM emulates) agrees",
	      s[R_INS_CSR], 0);
	check(s[R_CYC_CSR] == cyc, "pmu: the cycle CSR read agrees", s[R_CYC_CSR], 0);
	check(s[R_INS_LATER] == ins && s[R_CYC_LATER] == cyc,
	      "pmu: stopped counters stay still over more work", s[R_INS_LATER] - ins, 0);

	check(s[R_MMIO64] == LOAD_MAGIC && (o->load_lens & 1u << 8),
	      "mmio: an 8-byte load outside every slot is answered by userspace", s[R_MMIO64], 1);
	check(s[R_MMIO32] == LOAD_MAGIC32 && (o->load_lens & 1u << 4),
	      "mmio: a 4-byte load likewise", s[R_MMIO32], 1);
	check(s[R_MMIO_OK] == 2, "mmio: the guest found both answers right", s[R_MMIO_OK], 0);
}

void _start(void)
{
	static struct outcome o;
	uint64_t cpus = 0;
	long kvm, size;
	static char name[] = "cpuN: ";

	kmsg_open();
	out("\nkvm-init: a KVM guest on every host CPU\n");
	kvm = open_kvm();
	check(kvm >= 0, "open /dev/kvm (fd, or -errno)", (uint64_t)kvm, 0);
	if (kvm < 0)
		finish(passed, failed);
	check(ioctl(kvm, KVM_GET_API_VERSION, 0) == KVM_API_VERSION, "KVM_GET_API_VERSION is 12",
	      (uint64_t)ioctl(kvm, KVM_GET_API_VERSION, 0), 0);
	size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	check(size >= (long)sizeof(struct kvm_run), "KVM_GET_VCPU_MMAP_SIZE", (uint64_t)size, 0);
	if (size < (long)sizeof(struct kvm_run))
		finish(passed, failed);
	sys(SYS_sched_getaffinity, 0, sizeof(cpus), (long)&cpus, 0, 0);

	/*
	 * One VM per host CPU, its vCPU's thread (this one) pinned there, so
	 * that every hart takes the guest's traps (the first ten CPUs: one
	 * digit in the prefix).
	 */
	for (long cpu = 0; cpu < 10; cpu++) {
		if (!(cpus >> cpu & 1))
			continue;
		uint64_t mask = 1ULL << cpu;
		unsigned int on = ~0u;
		name[3] = (char)('0' + cpu);
		prefix = name;
		sys(SYS_sched_setaffinity, 0, sizeof(mask), (long)&mask, 0, 0);
		sys(SYS_getcpu, (long)&on, 0, 0, 0, 0);
		check(on == cpu, "the vCPU's thread runs on this host CPU", on, 0);
		for (unsigned i = 0; i < sizeof(o); i++)
			((volatile uint8_t *)&o)[i] = 0;
		const char *bad = run_vm(kvm, size, &o);
		if (bad) {
			check(0, bad, 0, 0);
			continue;
		}
		judge(&o);
	}
	prefix = "";
	finish(passed, failed);
}
