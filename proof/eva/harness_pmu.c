/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU's proof (docs/proof.md): the backend probes a core that answers
 * any CSR read with any value, then a lower mode makes PMU calls for ever,
 * any function with any registers, and the traps it takes count firmware
 * events; EVA explores every order. PROOF_BACKEND names the platform's.
 */
#include "proof_hw.h"
#include "base/machine.h"
#include "base/mem.h"
#include "hart/hart.h"
#include "platform/common/dt.h"
#include "sbi/sbi_ext.h"

extern const struct pmu_backend PROOF_BACKEND;
struct features features;

int main(void)
{
	/* What boot leaves: RAM as the device tree's stub gives it (the one
	 * assumption on RAM, stubs.c), any firmware region, the backend's probe. */
	unsigned long fdt = proof_any();

	dt_fixup(&fdt, 0, 0);
	features.fw_lo = proof_any();
	features.fw_hi = proof_any();
	/* start.S: the hart's frame tops the first slot's stack, below its record. */
	proof_mscratch = (unsigned long)&_harts_start[0].frame;
	pmu_init(&PROOF_BACKEND, &features.pmu, (uint32_t)proof_any());
	pmu_hart_init(&_harts_start[0].record.pmu);
	for (;;) {
		if (proof_any_bool()) {
			struct sbiret r = sbi_pmu_ecall(proof_any(), proof_any(), proof_any(),
							proof_any(), proof_any(), proof_any(),
							proof_any());
			(void)r;
		} else {
			/* trap.c, ipi.c, timer.c: one of the firmware events happens */
			pmu_fw_event(this_pmu(), (unsigned)proof_below(PMU_FW_EVENT_MAX));
		}
	}
}
