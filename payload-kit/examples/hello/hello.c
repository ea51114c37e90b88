/* SPDX-License-Identifier: BSD-2-Clause */
/* A first payload: say hello, ask the firmware who it is and what it offers. */
#include <tally/sbi.h>

static const struct { long eid; const char *name; } extensions[] = {
	{ SBI_EXT_TIME, "TIME" }, { SBI_EXT_IPI, "IPI" }, { SBI_EXT_RFENCE, "RFENCE" },
	{ SBI_EXT_HSM, "HSM" }, { SBI_EXT_SRST, "SRST" }, { SBI_EXT_PMU, "PMU" },
	{ SBI_EXT_DBCN, "DBCN" }, { SBI_EXT_SUSP, "SUSP" }, { SBI_EXT_FWFT, "FWFT" },
	{ SBI_EXT_DBTR, "DBTR" }, { SBI_EXT_SSE, "SSE" },
	{ SBI_EXT_LEGACY_PUTCHAR, "legacy putchar" }, { SBI_EXT_LEGACY_SHUTDOWN, "legacy shutdown" },
};

int main(unsigned long hartid, unsigned long dtb)
{
	struct sbiret spec = sbi_get_spec_version();
	struct sbiret impl = sbi_get_impl_id();
	struct sbiret ver = sbi_get_impl_version();

	printf("hello from a Tally payload kit payload: hart %lu, device tree at 0x%lx\n",
	       hartid, dtb);
	if (spec.error) {
		printf("get_spec_version: %s\n", sbi_err_name(spec.error));
		return 1;
	}
	printf("SBI spec %lu.%lu, implementation %s (0x%lx) version 0x%lx\n",
	       SBI_SPEC_MAJOR(spec.value), SBI_SPEC_MINOR(spec.value),
	       sbi_impl_name(impl.value), (unsigned long)impl.value, (unsigned long)ver.value);

	printf("extensions:");
	for (unsigned i = 0; i < sizeof(extensions) / sizeof(extensions[0]); i++)
		if (sbi_has_extension(extensions[i].eid))
			printf(" %s", extensions[i].name);
	printf("\n");

	/* A call that must fail, and its error by name. */
	struct sbiret bad = sbi_ecall(0x0A000000, 0, 0, 0, 0, 0, 0, 0);
	printf("an unknown extension answers %s\n", sbi_err_name(bad.error));
	return bad.error == SBI_ERR_NOT_SUPPORTED ? 0 : 1;
}
