/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * WP contracts of the PMU core (src/cores/pmu/pmu.c) and of the memory
 * checks (src/base/mem.c:sbi_mem_window, src/base/sbi.h:sbi_shmem_check).
 * The firmware's sources carry no ACSL: this file declares the backend
 * stubs, includes the core and mem.c, and then gives every function the
 * proof reaches its contract on a second declaration (Frama-C merges it).
 *
 * run.sh includes a copy of pmu.c and sbi.h in which the calls through the
 * backend's table (pmu.be->op(...), be->op(...)) are direct calls of the
 * proof_be_op stubs below and sbi_shmem_check's call through its mem_ok
 * pointer calls sbi_mem_window, the one function the firmware passes it.
 * Nothing else differs but the loops' annotations (prepare.py).
 *
 * What is assumed, in one place each:
 *  - the backend ops (below): they change none of the core's memory (they
 *    touch CSRs only), map fills in its answer with excl in -1..31;
 *  - axiomatic LowerMemory: a range sbi_mem_window accepts is memory M-mode
 *    may read and write, and none of the firmware's own objects lies in it;
 *    the first page (PMU_SHMEM_NONE, 0) holds no firmware data;
 *  - core_ok: what pmu_init() laid out at boot (not proved here), and RAM
 *    ranges from 4 KiB up (as proof/eva's stub of the tree) ending by 2^56
 *    (RISC-V physical addresses are at most 56 bits);
 *  - lowest_bit64/lowest_bit32's postcondition (the de Bruijn tables:
 *    tests/host/cores/pmu/test_pmu_core.c:c_lowest_bit checks every bit).
 */
#include <stdbool.h>
#include <stdint.h>
#include "base/machine.h"
#include "base/mem.h"
#include "base/sbi.h"
#include "platform/pmu_backend.h"

/* ---- Sets as ACSL sees them: bit k of s. ---- */
/*@
  predicate has(integer s, integer k) = (s & (1 << k)) != 0;
  // a is a subset of b
  predicate sub(integer a, integer b) = \forall integer k; 0 <= k ==> has(a, k) ==> has(b, k);
  predicate disj(integer a, integer b) = \forall integer k; 0 <= k ==> !(has(a, k) && has(b, k));

  lemma sub_refl: \forall integer a; sub(a, a);
  lemma sub_trans: \forall integer a, b, c; sub(a, b) && sub(b, c) ==> sub(a, c);
  lemma sub_or: \forall integer a, b, c; sub(a, c) && sub(b, c) ==> sub(a | b, c);
  lemma sub_and_l: \forall integer a, b; sub(a & b, a);
  lemma sub_and_r: \forall integer a, b; sub(a & b, b);
  lemma zero_sub: \forall integer a, b; 0 <= a && 0 <= b ==> (a & ~b) == 0 ==> sub(a, b);
  lemma zero_disj: \forall integer a, b; (a & b) == 0 ==> disj(a, b);
  lemma has_shr: \forall integer m, j, k; 0 <= m && 0 <= j && 0 <= k ==> (has(m >> j, k) <==> has(m, k + j));
  lemma has_shl: \forall integer m, j, k; 0 <= m && 0 <= j && 0 <= k ==> (has(m << j, k + j) <==> has(m, k));
  lemma has_shl_lo: \forall integer m, j, k; 0 <= m && 0 <= k < j ==> !has(m << j, k);
  lemma has_zero: \forall integer k; 0 <= k ==> !has(0, k);
  // C's unsigned arithmetic at bit level: bit k of (uint64_t)x is bit k of
  // x below 64 and 0 above (WP's Cint theory leaves an out-of-range
  // conversion unspecified, so ~used and mask << base need it)
  lemma u64_bits: \forall integer x, k; 0 <= k ==>
    (has((uint64_t)x, k) <==> (k < 64 && has(x, k)));
  // the C form of a subset test: set & ~used == 0 with ~ of a uint64
  lemma zero_sub_u64: \forall integer a, b; 0 <= a < 18446744073709551616 ==>
    0 <= b < 18446744073709551616 ==> (a & (uint64_t)~b) == 0 ==> sub(a, b);
  lemma or_u64: \forall integer a, b; 0 <= a < 18446744073709551616 ==>
    0 <= b < 18446744073709551616 ==> (uint64_t)(a | b) == (a | b);
  // a bit against the size of the number (induction on n: no SMT proof)
  lemma has_range: \forall integer m, n, k; 0 <= n && 0 <= m < (1 << n) && 0 <= k && has(m, k) ==> k < n;
  lemma nz_has: \forall integer m; 0 < m ==> \exists integer k; 0 <= k && has(m, k);
*/

/*@ // uint64 arithmetic wraps (C11 6.2.5p9): WP's Cint theory says only
    // that to_uint64 is in range and the identity there, not what a sum that
    // wrapped once becomes; sbi_mem_window's no-wrap check needs it
    lemma u64_wrap: \forall integer x;
        18446744073709551616 <= x < 36893488147419103232 ==>
        (uint64_t)x == x - 18446744073709551616;
*/

/* ---- The backend, as the core may rely on it: every op of every core. ---- */
/*@ requires \valid(m);
    assigns *m;
    ensures -1 <= m->excl <= 31; */
long proof_be_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m);
/*@ assigns \nothing; */
void proof_be_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
/*@ assigns \nothing; */
void proof_be_release(unsigned ctr, uint64_t sel);
/*@ assigns \nothing; */
uint64_t proof_be_read(unsigned ctr);
/*@ assigns \nothing; */
void proof_be_start(unsigned ctr, uint64_t sel, bool load, uint64_t value);
/*@ assigns \nothing; */
void proof_be_stop(unsigned ctr, uint64_t sel);
/*@ assigns \nothing; */
bool proof_be_overflowed(unsigned ctr);
/*@ requires \valid(info);
    assigns *info; */
void proof_be_probe(struct pmu_hw_info *info);

/* Lower-mode memory as WP sees the core reach it, by address: the snapshot
 * area's words from a (the core writes *(uint64_t *)(snap + off)), and
 * event_get_info's entries' output fields in [a, e). */
#define LOWER_SNAP(a) { *(uint64_t *)(uintptr_t)q | integer q; (a) <= q <= (a) + 4088 }
#define LOWER_INFO(a, e) \
	{ ((struct pmu_event_info *)(uintptr_t)q)->output | integer q; (a) <= q && q + 16 <= (e) }

/* The hart's invariant, hart_ok below, by a name the loops in pmu.c can use
 * (they come before the definitions that read the core's layout). */
/*@ axiomatic HartInv { predicate hart_inv{L}(struct pmu_hart *h); } */

#include "cores/pmu/pmu.c"
#include "base/mem.c"

/* ---- The memory checks. ---- */
/*@
  predicate in_ram{L}(integer a, integer e) =
    \exists integer i; 0 <= i < features.num_ram &&
      features.ram[i].lo <= a && e <= features.ram[i].hi;
  // [a, a + n) is non-empty, does not wrap, lies in one RAM range, misses
  // the firmware's region and M-mode's pointers reach it
  predicate mem_accepted{L}(integer a, integer n) =
    0 < n && 0 <= a && a + n <= 18446744073709551616 && in_ram(a, a + n) &&
    (a + n <= features.fw_lo || features.fw_hi <= a) && a + n - 1 <= UINTPTR_MAX;
  // the range sbi_mem_window checks for a length (an empty one: its first byte)
  logic integer win(integer len) = len == 0 ? 1 : len;

  // the snapshot area from a: every word the core may touch, by address
  // (snap + off) and as an array ((uint64_t *)snap)[k]
  predicate snap_mem{L}(integer a) =
    (\forall integer q; a <= q <= a + 4088 ==>
       \valid((uint64_t *)(uintptr_t)q) && \separated((uint64_t *)(uintptr_t)q, &pmu, &features)) &&
    \valid((uint64_t *)(uintptr_t)a + (0 .. 511)) &&
    \separated((uint64_t *)(uintptr_t)a + (0 .. 511), &pmu, &features);
  // the hart's record lies apart from the 4 KiB at a
  predicate h_apart{L}(struct pmu_hart *h, integer a) =
    (\forall integer q; a <= q <= a + 4088 ==> \separated(h, (uint64_t *)(uintptr_t)q)) &&
    \separated(h, (uint64_t *)(uintptr_t)a + (0 .. 511));

  axiomatic LowerMemory {
    // What the hardware gives (an assumption, not proved): RAM a lower mode
    // may hand the firmware is memory M-mode reaches, and the firmware's own
    // data (inside [fw_lo, fw_hi), closed by PMP) is not in it
    axiom lower_snap{L}: \forall integer a; mem_accepted(a, 4096) ==> snap_mem(a);
    axiom lower_info{L}: \forall integer a, n, q; mem_accepted(a, n) && a <= q && q + 16 <= a + n ==>
      \valid((struct pmu_event_info *)(uintptr_t)q) &&
      \separated((struct pmu_event_info *)(uintptr_t)q, &pmu, &features);
    // PMU_SHMEM_NONE (0) names no firmware data: the first page holds none
    // (WP's frame of a call that may write the snapshot area)
    axiom none_apart{L}: \forall integer q; 0 <= q <= 4088 ==>
      \separated((uint64_t *)(uintptr_t)q, &pmu, &features);
    axiom none_apart_array{L}:
      \separated((uint64_t *)(uintptr_t)PMU_SHMEM_NONE + (0 .. 511), &pmu, &features);
  }
*/

/*@ requires features.num_ram <= TALLY_MAX_RAM_RANGES;
    requires \valid(end) && \separated(end, &features);
    assigns *end;
    ensures \result == 0 || \result == addr;
    ensures \result != 0 ==> mem_accepted(addr, win(len)) && *end == addr + len;
    ensures mem_accepted(addr, win(len)) && addr != 0 ==> \result != 0; */
uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *end);

/*@ requires features.num_ram <= TALLY_MAX_RAM_RANGES;
    requires misaligned != 0 && align > 0;
    requires \valid(base) && \separated(base, &features);
    assigns *base;
    ensures \result == 0 ==>
            (lo & (align - 1)) == 0 && hi == 0 && mem_accepted(lo, win(len)) && *base == lo;
    ensures (lo & (align - 1)) == 0 && hi == 0 && mem_accepted(lo, win(len)) && lo != 0 ==>
            \result == 0;
    ensures \result == 0 || \result == misaligned || \result == SBI_ERR_INVALID_ADDRESS; */
static long sbi_shmem_check(unsigned long lo, unsigned long hi, unsigned long align,
			    uint64_t len, long misaligned,
			    uintptr_t (*mem_ok)(uint64_t addr, uint64_t len, uint64_t *end),
			    uintptr_t *base);

/*@ assigns \nothing; ensures \result.error == e && \result.value == 0; */
static struct sbiret sbi_err(long e);
/*@ assigns \nothing; ensures \result.error == 0 && \result.value == v; */
static struct sbiret sbi_ok(unsigned long v);

/* ---- The core's boot-time layout and the hart's state. ---- */
/*@
  // what pmu_init() laid out (read-only after boot; assumed, not proved here)
  predicate core_ok{L} =
    3 <= pmu.num_hw <= PMU_MAX_HW_COUNTERS &&
    pmu.num_all == pmu.num_hw + PMU_NUM_FW_COUNTERS &&
    (\forall integer k; 0 <= k ==> (has(pmu.all_set, k) <==> (k < pmu.num_all && k != 1))) &&
    (\forall integer k; 0 <= k ==> (has(pmu.hpm_set, k) <==> (3 <= k < pmu.num_hw))) &&
    sub(pmu.prefer_set, pmu.all_set) &&
    (\forall integer c; 0 <= c < PMU_FW_EVENT_MAX ==>
       (\forall integer k; 0 <= k ==> has(pmu.fw_events[c].can, k) ==> pmu.num_hw <= k < pmu.num_all) &&
       pmu.fw_events[c].excl == -1 && pmu.fw_events[c].fw_code == c) &&
    (\forall integer i; 0 <= i < EVMAP_HW_SLOTS + EVMAP_CACHE_SLOTS ==>
       (\forall integer k; 0 <= k ==> has(pmu.evmap[i].can, k) ==> k < pmu.num_hw && k != 1) &&
       -1 <= pmu.evmap[i].excl <= 31 && pmu.evmap[i].fw_code == 0) &&
    pmu.none.can == 0 && pmu.none.excl == -1 && pmu.none.fw_code == 0 &&
    (\forall integer i; 0 <= i < PMU_MAX_HW_COUNTERS ==> pmu.ctr_of[i] < 32) &&
    \valid_read(pmu.hw) && \valid_read(pmu.be) &&
    features.num_ram <= TALLY_MAX_RAM_RANGES &&
    (\forall integer i; 0 <= i < features.num_ram ==>
       4096 <= features.ram[i].lo && features.ram[i].hi <= 0x100000000000000);

  // the invariant every FID function requires and ensures, in parts
  predicate hart_frame{L}(struct pmu_hart *h) =
    \valid(h) && \separated(h, &pmu) && \separated(h, &features) &&
    h_apart(h, PMU_SHMEM_NONE);
  predicate hart_sets{L}(struct pmu_hart *h) =
    sub(h->running, h->used) &&                       // running <= used
    sub(h->used, pmu.all_set) &&                      // used <= the counters that exist
    !has(h->used, 1);                                 // the time slot is never used
  predicate hart_fw{L}(struct pmu_hart *h) =
    \forall integer k; pmu.num_hw <= k < pmu.num_all && has(h->used, k) ==>
       h->ctr[k].fw_code < PMU_FW_EVENT_MAX;
  predicate hart_excl{L}(struct pmu_hart *h) =
    \forall integer k; 0 <= k < PMU_MAX_COUNTERS ==> -1 <= h->ctr[k].excl <= 31;
  predicate hart_shmem{L}(struct pmu_hart *h) =
    h->shmem == PMU_SHMEM_NONE ||
    (mem_accepted(h->shmem, PMU_SHMEM_SIZE) && snap_mem(h->shmem) && h_apart(h, h->shmem));
  predicate hart_ok{L}(struct pmu_hart *h) =
    hart_frame(h) && hart_sets(h) && hart_fw(h) && hart_excl(h) && hart_shmem(h);

  // a firmware record: the lower mode's accepted memory never overlaps it
  predicate fw_record{L}(struct pmu_hart *h) =
    \forall integer a; mem_accepted(a, PMU_SHMEM_SIZE) ==> h_apart(h, a);
  predicate info_apart{L}(struct pmu_hart *h) =
    \forall integer a, n, q; mem_accepted(a, n) && a <= q && q + 16 <= a + n ==>
      \separated(h, (struct pmu_event_info *)(uintptr_t)q);

  predicate same_ctr{L1, L2}(struct pmu_hart *h, integer i) =
    \at(h->ctr[i].fw_code, L1) == \at(h->ctr[i].fw_code, L2) &&
    \at(h->ctr[i].excl, L1) == \at(h->ctr[i].excl, L2) &&
    \at(h->ctr[i].sel, L1) == \at(h->ctr[i].sel, L2) &&
    \at(h->ctr[i].fw_value, L1) == \at(h->ctr[i].fw_value, L2) &&
    \at(h->ctr[i].fw_start, L1) == \at(h->ctr[i].fw_start, L2);

  // the hart's PMU state, field by field
  predicate same_hart{L1, L2}(struct pmu_hart *h) =
    \at(h->used, L1) == \at(h->used, L2) &&
    \at(h->running, L1) == \at(h->running, L2) &&
    \at(h->excl_held, L1) == \at(h->excl_held, L2) &&
    \at(h->shmem, L1) == \at(h->shmem, L2) &&
    (\forall integer i; 0 <= i < PMU_MAX_COUNTERS ==> same_ctr{L1, L2}(h, i)) &&
    (\forall integer i; 0 <= i < PMU_FW_EVENT_MAX ==> \at(h->fw_count[i], L1) == \at(h->fw_count[i], L2));

  axiomatic HartInvDef {
    // hart_inv is hart_ok: a definition, written as an axiom only because
    // the loops' annotations in pmu.c name it before pmu is declared
    axiom hart_inv_def{L}: \forall struct pmu_hart *h; hart_inv(h) <==> hart_ok(h);
  }

  lemma time_never_used{L}: \forall struct pmu_hart *h; core_ok && hart_ok(h) ==> !has(h->used, 1);

  // a map of the boot-time table
  predicate in_pmu{L}(struct pmu_logical_map *e) =
    e == &pmu.none ||
    (\exists integer i; 0 <= i < EVMAP_HW_SLOTS + EVMAP_CACHE_SLOTS && e == &pmu.evmap[i]) ||
    (\exists integer i; 0 <= i < PMU_FW_EVENT_MAX && e == &pmu.fw_events[i]);
  // what the core may rely on in an event's map
  predicate map_ok{L}(struct pmu_logical_map *e) =
    \valid_read(e) && sub(e->can, pmu.all_set) && -1 <= e->excl <= 31 &&
    e->fw_code < PMU_FW_EVENT_MAX;
*/

/* ---- Helpers of pmu.h, bits.h and pmu.c. ---- */
/*@ requires i < 64;
    assigns \nothing;
    ensures \result <==> has(s, i); */
static bool pmu_set_has(pmu_set_t s, unsigned long i);

/*@ requires i < 64;
    assigns \nothing;
    ensures \forall integer k; 0 <= k ==> (has(\result, k) <==> k == i); */
static pmu_set_t pmu_bit(unsigned long i);

/*@ requires x != 0;
    assigns \nothing;
    ensures \result < 64 && has(x, \result); */
static unsigned lowest_bit64(uint64_t x);
/*@ requires x != 0;
    assigns \nothing;
    ensures \result < 64 && has(x, \result); */
static unsigned lowest_bit32(uint64_t x);
/*@ requires x != 0;
    assigns \nothing;
    ensures \result < 64 && has(x, \result); */
static unsigned lowest_bit(pmu_set_t x);

/*@ requires core_ok && base < pmu.num_all;
    assigns \nothing;
    ensures \forall integer k; 0 <= k ==> has(\result, k) ==> k < pmu.num_all;
    ensures \result != 0 ==> \forall integer k; 0 <= k ==> (has(mask, k) <==> has(\result, base + k));
    ensures \forall integer k; 0 <= k < base ==> !has(\result, k); */
static pmu_set_t set_of(unsigned long base, unsigned long mask);

/*@ assigns \nothing;
    ensures \result ==> code < PMU_FW_EVENT_MAX; */
bool pmu_fw_event_supported(unsigned code);

/*@ requires core_ok;
    assigns \nothing;
    ensures sub(\result, pmu.hpm_set); */
static pmu_set_t logical_of(uint32_t ctrs);

/*@ assigns \nothing;
    ensures \forall integer k; 0 <= k ==> has(\result, k) ==> (k == 0 || k == 2); */
static pmu_set_t fixed_counters(unsigned long event_idx);

/*@ requires core_ok && \valid(e) && \separated(e, &pmu);
    assigns *e;
    ensures \result == 0 ==> (\forall integer k; 0 <= k ==> has(e->can, k) ==> k < pmu.num_hw && k != 1) &&
                            -1 <= e->excl <= 31 && e->fw_code == 0; */
static long map_event(unsigned long event_idx, uint64_t event_data, struct pmu_logical_map *e);

/*@ assigns \nothing;
    ensures \result <==> ((event_idx >> 16) == 2 || (event_idx >> 16) == 3); */
static bool is_raw(unsigned long event_idx);

/*@ requires core_ok && \valid(raw) && \separated(raw, &pmu);
    assigns *raw;
    ensures \result == \null || (\result == raw && map_ok(raw)); */
static const struct pmu_logical_map *raw_find(unsigned long event_idx, uint64_t event_data,
					      struct pmu_logical_map *raw);

/*@ requires core_ok;
    requires raw == \null || (\valid(raw) && \separated(raw, &pmu));
    assigns *raw;
    ensures \result != \null ==> map_ok(\result) && (\result == raw || in_pmu(\result));
    ensures \result != \null ==> event_idx <= PMU_EVENT_IDX_MASK; */
static const struct pmu_logical_map *event_find(unsigned long event_idx, uint64_t event_data,
						struct pmu_logical_map *raw);

/*@ requires \valid_read(h) && idx < PMU_MAX_COUNTERS;
    requires h->ctr[idx].fw_code < PMU_FW_EVENT_MAX;
    assigns \nothing; */
static uint64_t fw_value(const struct pmu_hart *h, unsigned long idx);

/* ---- config_matching ---- */
/*@ requires core_ok && hart_ok(h) && idx < pmu.num_hw;
    requires \valid_read(e) && -1 <= e->excl <= 31 && \separated(e, h);
    assigns h->ctr[idx].sel, h->ctr[idx].excl, h->excl_held;
    ensures \result.error == 0;
    ensures -1 <= h->ctr[idx].excl <= 31; */
static struct sbiret configure_hw(struct pmu_hart *h, unsigned long idx, unsigned long flags,
				  const struct pmu_logical_map *e);

/*@ requires core_ok && hart_ok(h);
    requires sub(first, pmu.all_set) && disj(first, h->used);
    requires map_ok(e) && \separated(e, h);
    assigns h->used, h->running, h->excl_held,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_code, h->ctr[0 .. PMU_MAX_COUNTERS - 1].excl,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].sel, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start;
    ensures hart_ok(h);
    ensures \result.error != 0 ==> same_hart{Pre, Post}(h); */
static struct sbiret take(struct pmu_hart *h, pmu_set_t first, unsigned long flags,
			  const struct pmu_logical_map *e);

/*@ requires core_ok && hart_ok(h) && sub(set, pmu.all_set);
    requires map_ok(e) && \separated(e, h);
    assigns h->used, h->running, h->excl_held,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_code, h->ctr[0 .. PMU_MAX_COUNTERS - 1].excl,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].sel, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start;
    ensures hart_ok(h);
    ensures \result.error != 0 ==> same_hart{Pre, Post}(h); */
static struct sbiret pick(struct pmu_hart *h, pmu_set_t set, unsigned long flags,
			  const struct pmu_logical_map *e);

/*@ requires core_ok && hart_ok(h) && sub(set, pmu.all_set);
    assigns h->used, h->running, h->excl_held,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_code, h->ctr[0 .. PMU_MAX_COUNTERS - 1].excl,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].sel, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start;
    ensures hart_ok(h);
    ensures \result.error != 0 ==> same_hart{Pre, Post}(h); */
static struct sbiret config_raw(struct pmu_hart *h, pmu_set_t set, unsigned long flags,
				unsigned long event_idx, uint64_t event_data);

/*@ requires core_ok && hart_ok(h);
    assigns h->used, h->running, h->excl_held,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_code, h->ctr[0 .. PMU_MAX_COUNTERS - 1].excl,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].sel, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start;
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged_on_error: \result.error != 0 ==> same_hart{Pre, Post}(h); */
struct sbiret pmu_config_matching(unsigned long base, unsigned long mask, unsigned long flags,
				  unsigned long event_idx, uint64_t event_data, struct pmu_hart *h);

/* ---- counter_start ---- */
/*@ requires core_ok && idx < pmu.num_hw && \valid_read(h);
    assigns \nothing;
    ensures \result.error == 0; */
static struct sbiret start_hw(struct pmu_hart *h, unsigned long idx, bool load, uint64_t value);

/*@ requires core_ok && hart_ok(h) && pmu.num_hw <= idx < pmu.num_all && has(h->used, idx);
    assigns h->ctr[idx].fw_value, h->ctr[idx].fw_start;
    ensures hart_ok(h); */
static void start_fw(struct pmu_hart *h, unsigned long idx, bool load, uint64_t value);

/*@ requires core_ok && hart_ok(h) && base < pmu.num_all;
    requires \forall integer k; 0 <= k ==> has(mask, k) && base + k < pmu.num_all ==>
             has(h->used, base + k);
    requires snap == 0 || (snap == h->shmem && snap != PMU_SHMEM_NONE);
    assigns h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start;
    ensures hart_ok(h);
    ensures \result.error == 0; */
static struct sbiret start_set(struct pmu_hart *h, unsigned long base, unsigned long mask,
			       unsigned long flags, uint64_t initial_value, uintptr_t snap);

/*@ requires core_ok && hart_ok(h);
    assigns h->running,
            h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_start;
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged_on_error: \result.error != 0 ==> same_hart{Pre, Post}(h); */
struct sbiret pmu_counter_start(unsigned long base, unsigned long mask, unsigned long flags,
				uint64_t initial_value, struct pmu_hart *h);

/* ---- counter_stop ---- */
/*@ requires core_ok && hart_ok(h) && idx < pmu.num_all;
    assigns h->excl_held;
    ensures hart_ok(h); */
static void release_one(struct pmu_hart *h, unsigned long idx);

/*@ requires core_ok && hart_ok(h) && idx < pmu.num_hw;
    requires snap == h->shmem && snap != PMU_SHMEM_NONE;
    requires 8 <= off <= 4088;
    assigns h->excl_held, LOWER_SNAP(h->shmem);
    ensures hart_ok(h); */
static void stop_snapshot(struct pmu_hart *h, unsigned long idx, unsigned long flags,
			  uintptr_t snap, uintptr_t off, uint64_t bit);

/*@ requires core_ok && hart_ok(h) && idx < pmu.num_hw;
    requires snap == 0 || (snap == h->shmem && snap != PMU_SHMEM_NONE);
    requires 8 <= off <= 4088;
    assigns h->excl_held, LOWER_SNAP(h->shmem);
    ensures hart_ok(h);
    ensures \result.error == 0; */
static struct sbiret stop_hw(struct pmu_hart *h, unsigned long idx, unsigned long flags,
			     uintptr_t snap, uintptr_t off, uint64_t bit);

/*@ requires core_ok && hart_ok(h) && pmu.num_hw <= idx < pmu.num_all;
    requires h->ctr[idx].fw_code < PMU_FW_EVENT_MAX;
    requires snap == 0 || (snap == h->shmem && snap != PMU_SHMEM_NONE);
    requires 8 <= off <= 4088;
    assigns h->ctr[idx].fw_value, LOWER_SNAP(h->shmem);
    ensures hart_ok(h);
    ensures \result.error == 0; */
static struct sbiret stop_fw(struct pmu_hart *h, unsigned long idx, uintptr_t snap, uintptr_t off);

/*@ requires core_ok && hart_ok(h) && base < pmu.num_all;
    requires \forall integer k; 0 <= k ==> has(mask, k) && pmu.num_hw <= base + k < pmu.num_all ==>
             h->ctr[base + k].fw_code < PMU_FW_EVENT_MAX;
    requires snap == 0 || (snap == h->shmem && snap != PMU_SHMEM_NONE);
    assigns h->excl_held, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value, LOWER_SNAP(h->shmem);
    ensures hart_ok(h);
    ensures \result.error == 0; */
static struct sbiret stop_set(struct pmu_hart *h, unsigned long base, unsigned long mask,
			      unsigned long flags, uintptr_t snap);

/*@ requires core_ok && hart_ok(h) && sub(set, pmu.all_set);
    assigns h->excl_held;
    ensures hart_ok(h);
    ensures \result.error == SBI_ERR_ALREADY_STOPPED; */
static struct sbiret release_set(struct pmu_hart *h, pmu_set_t set);

/*@ requires core_ok && hart_ok(h) && stopped != 0;
    requires sub(stopped, h->used) && disj(stopped, h->running);
    assigns h->used, h->excl_held;
    ensures hart_ok(h);
    ensures \result.error == SBI_ERR_ALREADY_STOPPED;
    ensures h->running == \old(h->running);
    ensures (flags & PMU_STOP_RESET) == 0 ==> same_hart{Pre, Post}(h);
    ensures sub(h->used, \old(h->used)) &&
            (\forall integer k; 0 <= k ==> has(\old(h->used), k) && !has(h->used, k) ==> has(stopped, k)); */
static struct sbiret stop_stopped(struct pmu_hart *h, pmu_set_t stopped, unsigned long flags);

/*@ requires core_ok && hart_ok(h);
    assigns h->used, h->running, h->excl_held, h->ctr[0 .. PMU_MAX_COUNTERS - 1].fw_value,
            LOWER_SNAP(h->shmem);
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged_on_error: \result.error != 0 && \result.error != SBI_ERR_ALREADY_STOPPED ==>
            same_hart{Pre, Post}(h);
    // the one exception (docs/pmu.md, "Ownership"): stop + RESET on stopped
    // counters is ALREADY_STOPPED and releases them, and only them
    ensures \result.error == SBI_ERR_ALREADY_STOPPED && (flags & PMU_STOP_RESET) == 0 ==>
            same_hart{Pre, Post}(h);
    ensures \result.error == SBI_ERR_ALREADY_STOPPED ==>
            h->running == \old(h->running) && h->shmem == \old(h->shmem) &&
            (\forall integer i; 0 <= i < PMU_MAX_COUNTERS ==> same_ctr{Pre, Post}(h, i)) &&
            sub(h->used, \old(h->used)) &&
            (\forall integer k; 0 <= k ==> has(\old(h->used), k) && !has(h->used, k) ==>
               !has(\old(h->running), k)); */
struct sbiret pmu_counter_stop(unsigned long base, unsigned long mask, unsigned long flags,
			       struct pmu_hart *h);

/* ---- fw_read, fw_read_hi ---- */
/*@ requires core_ok && hart_ok(h);
    assigns \nothing; */
static struct sbiret fw_read(unsigned long idx, struct pmu_hart *h, bool hi);

/*@ requires core_ok && hart_ok(h);
    assigns \nothing;
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged: same_hart{Pre, Post}(h); */
struct sbiret pmu_fw_read(unsigned long idx, struct pmu_hart *h);

/*@ requires core_ok && hart_ok(h);
    assigns \nothing;
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged: same_hart{Pre, Post}(h); */
struct sbiret pmu_fw_read_hi(unsigned long idx, struct pmu_hart *h);

/* ---- snapshot_set_shmem ---- */
/*@ requires core_ok && hart_ok(h) && fw_record(h);
    assigns h->shmem;
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged_on_error: \result.error != 0 ==> same_hart{Pre, Post}(h);
    ensures \result.error == 0 && h->shmem != PMU_SHMEM_NONE ==>
            h->shmem == lo && hi == 0 && mem_accepted(lo, PMU_SHMEM_SIZE); */
struct sbiret pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi, unsigned long flags,
				     struct pmu_hart *h);

/* ---- event_get_info ---- */
/*@ requires core_ok;
    assigns \nothing; */
static bool event_supported(unsigned long event_idx, uint64_t event_data);

/*@ assigns \nothing;
    ensures \result == (struct pmu_event_info *)(uintptr_t)p; */
static struct pmu_event_info *entry_at(uintptr_t p);

/*@ requires core_ok && \valid(e);
    assigns e->output; */
static void event_info_fill(struct pmu_event_info *e);

/*@ requires core_ok && hart_ok(h) && info_apart(h);
    assigns LOWER_INFO(lo, lo + num_entries * 16);
    ensures inv_frame: hart_frame(h);
    ensures inv_sets: hart_sets(h);
    ensures inv_fw: hart_fw(h);
    ensures inv_excl: hart_excl(h);
    ensures inv_shmem: hart_shmem(h);
    ensures unchanged: same_hart{Pre, Post}(h);
    ensures accepted: \result.error == 0 ==> hi == 0 && mem_accepted(lo, win(num_entries * 16)); */
struct sbiret pmu_event_get_info(unsigned long lo, unsigned long hi, unsigned long num_entries,
				 unsigned long flags, struct pmu_hart *h);

/* ---- counter_get_info: no hart state at all ---- */
/*@ requires core_ok;
    assigns \nothing;
    ensures \result.error != 0 ==> \result.error == SBI_ERR_INVALID_PARAM;
    ensures idx == 1 ==> \result.error == SBI_ERR_INVALID_PARAM; */
struct sbiret pmu_counter_get_info(unsigned long idx);
