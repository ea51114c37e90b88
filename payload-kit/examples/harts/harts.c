/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Start every other hart, whichever hart booted, let each do a share of the
 * work, and wait for all of them to finish and stop.
 *
 * The firmware boots one hart (not always hart 0: with -smp N and no
 * -icount it may be any). The others wait in the firmware, STOPPED, until
 * HSM starts them; tally_hart_start() gives each a stack and runs a C
 * function. Every wait goes through tally_relax(), so the run also ends
 * under QEMU's -icount, where a spinning hart would starve the others.
 */
#include <tally/sbi.h>

#define WAIT_ROUNDS 100000   /* tally_relax() calls before giving up: about 1 s */

/* One flag per hart, each written by its hart alone: plain stores and
 * loads with ordering, no atomic read-modify-write (rv32imc has no A). */
static int finished[TALLY_KIT_MAX_HARTS];
static uint64_t sums[TALLY_KIT_MAX_HARTS];

/* The work: the sum 1 + 2 + ... + n, for a different n on each hart. */
static void worker(unsigned long hartid, unsigned long n)
{
	uint64_t sum = 0;

	for (unsigned long i = 1; i <= n; i++)
		sum += i;
	sums[hartid] = sum;
	printf("hart %lu: started, summed 1..%lu\n", hartid, n);
	__atomic_store_n(&finished[hartid], 1, __ATOMIC_RELEASE);   /* after sums[] */
	/* returning stops this hart (HSM hart_stop) */
}

static unsigned long work_for(unsigned long hartid)
{
	return 1000 * (hartid + 1);
}

/* Wait until done(arg) holds, relaxing between looks; 0 on time out. */
static int wait_for(int (*done)(unsigned long), unsigned long arg)
{
	for (unsigned long i = 0; i < WAIT_ROUNDS; i++) {
		if (done(arg))
			return 1;
		tally_relax();
	}
	return done(arg);
}

static int all_finished(unsigned long mask)
{
	for (unsigned long id = 0; id < TALLY_KIT_MAX_HARTS; id++)
		if ((mask >> id & 1) && !__atomic_load_n(&finished[id], __ATOMIC_ACQUIRE))
			return 0;
	return 1;
}

static int stopped(unsigned long hartid)
{
	return sbi_hart_get_status(hartid).value == HSM_STOPPED;
}

int main(unsigned long boot_hart, unsigned long dtb)
{
	unsigned long started = 0, mask = 0;

	(void)dtb;
	printf("harts: booted on hart %lu\n", boot_hart);
	if (!sbi_has_extension(SBI_EXT_HSM)) {
		printf("harts: no HSM extension: this payload has hart %lu alone\n", boot_hart);
		return 0;
	}
	for (unsigned long id = 0; id < TALLY_KIT_MAX_HARTS; id++) {
		struct sbiret st = sbi_hart_get_status(id);

		if (id == boot_hart || st.error == SBI_ERR_INVALID_PARAM)
			continue;                        /* this hart, or no such hart */
		if (st.error || st.value != HSM_STOPPED) {
			printf("harts: hart %lu: status %ld, error %s\n", id, st.value, sbi_err_name(st.error));
			return 1;
		}
		struct sbiret r = tally_hart_start(id, worker, work_for(id));
		if (r.error) {
			printf("harts: starting hart %lu: %s\n", id, sbi_err_name(r.error));
			return 1;
		}
		started++;
		mask |= 1UL << id;
	}
	if (!wait_for(all_finished, mask)) {
		for (unsigned long id = 0; id < TALLY_KIT_MAX_HARTS; id++)
			if ((mask >> id & 1) && !finished[id])
				printf("harts: hart %lu was started but did not finish\n", id);
		return 1;
	}
	for (unsigned long id = 0; id < TALLY_KIT_MAX_HARTS; id++) {
		uint64_t n = work_for(id);

		if (!(mask >> id & 1))
			continue;
		if (sums[id] != n * (n + 1) / 2) {
			printf("harts: hart %lu summed %llu, not %llu\n", id,
			       (unsigned long long)sums[id], (unsigned long long)(n * (n + 1) / 2));
			return 1;
		}
		if (!wait_for(stopped, id)) {
			printf("harts: hart %lu did not stop\n", id);
			return 1;
		}
	}
	printf("harts: %lu other harts ran and stopped\n", started);
	return 0;
}
