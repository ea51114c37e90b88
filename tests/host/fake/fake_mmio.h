/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fake device bus behind tests/host/fake/arch/mmio.h. Every
 * access is logged (address, width, value, read or write) in order, and
 * a small register file answers reads with the last value written or
 * preset at that address (0 if none). A test that needs a register to
 * change between reads (a status bit, a counter half) sets on_read.
 */
#ifndef FAKE_MMIO_H
#define FAKE_MMIO_H
#include <stdbool.h>
#include <stdint.h>

struct mmio_access {
	uintptr_t addr;
	unsigned width;     /* bytes: 1, 4 or 8 */
	uint64_t val;
	bool write;
};
#define MMIO_LOG_MAX 256
extern struct mmio_access mmio_log[MMIO_LOG_MAX];
extern unsigned mmio_n;
/* Called on each read with the register's stored value; returns what the read sees. */
extern uint32_t (*mmio_on_read)(uintptr_t addr, uint32_t stored);

void mmio_reset(void);
void mmio_preset(uintptr_t addr, uint64_t val);
uint64_t mmio_value(uintptr_t addr);
/* Is access i of the log this one? */
bool mmio_is(unsigned i, bool write, unsigned width, uintptr_t addr, uint64_t val);
void mmio_dump(void);
/* Is the log exactly these accesses, in this order? Dumps both if not. */
bool mmio_expect(const struct mmio_access *want, unsigned n);
#define R8(a, v)  { (a), 1, (v), false }
#define W8(a, v)  { (a), 1, (v), true }
#define R32(a, v) { (a), 4, (v), false }
#define W32(a, v) { (a), 4, (v), true }
#define R64(a, v) { (a), 8, (v), false }
#define W64(a, v) { (a), 8, (v), true }
#define EXPECT(...) do { const struct mmio_access w_[] = { __VA_ARGS__ }; \
	CHECK(mmio_expect(w_, sizeof(w_) / sizeof(w_[0]))); } while (0)
#endif
