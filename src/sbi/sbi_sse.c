/* SPDX-License-Identifier: BSD-2-Clause */
/* SSE, EID 0x535345: registers in, struct sbiret out. The rules are
 * src/cores/sse/sse.c; the lock, attribute memory and delivery, src/hart/sse_hart.c. */
#include "hart/sse_hart.h"
#include "sbi/sbi_ext.h"

/* event_id, attr_id and attr_count are uint32_t (base/sbi.h). */
struct sbiret sbi_sse_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	uint32_t id = (uint32_t)a0;

	switch (fid) {
	case SSE_FID_READ_ATTRS:
	case SSE_FID_WRITE_ATTRS:
		return sse_call_attrs(id, (uint32_t)a1, (uint32_t)a2, a3, a4,
				      fid == SSE_FID_WRITE_ATTRS);
	case SSE_FID_COMPLETE:
		return sse_call_complete(a0, a1);
	case SSE_FID_REGISTER:
		return sse_call_register(id, a1, a2);
	case SSE_FID_UNREGISTER:
		return sse_call_unregister(id);
	case SSE_FID_ENABLE:
	case SSE_FID_DISABLE:
		return sse_call_enable(id, fid == SSE_FID_ENABLE);
	case SSE_FID_INJECT:
		return sse_call_inject(id, a1);
	case SSE_FID_HART_UNMASK:
	case SSE_FID_HART_MASK:
		return sse_call_mask(fid == SSE_FID_HART_UNMASK);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
