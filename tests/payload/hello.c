#include <stdio.h>
#include "sbicall.h"
void payload_main(unsigned long hartid, unsigned long fdt)
{
	printf("hello from payload, hart %lu fdt 0x%lx\n", hartid, fdt);
	struct sbiret r = SBI0(SBI_EXT_BASE, 0);
	printf("spec version %lx err %ld\n", r.value, r.error);
	r = SBI0(SBI_EXT_BASE, 1);
	printf("impl id %lx err %ld\n", r.value, r.error);
	sbi_shutdown(0);
}
