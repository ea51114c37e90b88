/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Just enough of the flattened device tree (devicetree spec v0.4, ch. 5)
 * for a firmware: count the harts, add a /reserved-memory node so the
 * OS never allocates the firmware's own memory, and take out of the harts'
 * ISA what S-mode is not given.
 *
 * The blob comes from a boot ROM or a loader, so nothing in it is trusted:
 * every offset is checked against the header's own sizes, walks are
 * bounded, and a malformed tree makes these functions give up (0 or an
 * error) rather than fault or write out of bounds. Pure C: host-testable.
 */
#include <stdbool.h>
#include <string.h>
#include "lib/fdt.h"

#define FDT_MAGIC      0xd00dfeed
#define FDT_BEGIN_NODE 1
#define FDT_END_NODE   2
#define FDT_PROP       3
#define FDT_NOP        4
#define FDT_END        9
/* Token t (< 256) as a little-endian load of its big-endian word reads it. */
#define TOKEN_WORD(t)  ((uint32_t)(t) << 24)
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "TOKEN_WORD assumes a little-endian hart");
/* A 32-bit word of the tree, read in place (the tree is bytes). */
typedef uint32_t __attribute__((may_alias)) fdt_word;
#define FDT_MAX_SIZE   (1u << 21)
#define FDT_MAX_DEPTH  32

/* strlen that never reads past max bytes (returns max if there is no NUL). */
static uint32_t bounded_strlen(const char *s, uint32_t max)
{
	uint32_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

static uint32_t be32(const uint8_t *b)
{
	return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
}

static void put_be32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 24); b[1] = (uint8_t)(v >> 16);
	b[2] = (uint8_t)(v >> 8); b[3] = (uint8_t)v;
}

/* Header fields (offsets in the 40-byte header) */
enum { H_MAGIC = 0, H_TOTALSIZE = 4, H_OFF_STRUCT = 8, H_OFF_STRINGS = 12,
       H_OFF_RSVMAP = 16, H_VERSION = 20, H_SIZE_STRINGS = 32, H_SIZE_STRUCT = 36 };

struct fdt_view {
	uint8_t *blob;
	uint32_t total, off_struct, size_struct, off_strings, size_strings;
};

/* Check the header; the blocks must lie inside totalsize, struct before strings. */
static int fdt_open(uintptr_t fdt, struct fdt_view *v)
{
	uint8_t *b = (uint8_t *)fdt;

	if (!fdt || (fdt & 3) || be32(b + H_MAGIC) != FDT_MAGIC || be32(b + H_VERSION) < 17)
		return -1;
	v->blob = b;
	v->total = be32(b + H_TOTALSIZE);
	v->off_struct = be32(b + H_OFF_STRUCT);
	v->size_struct = be32(b + H_SIZE_STRUCT);
	v->off_strings = be32(b + H_OFF_STRINGS);
	v->size_strings = be32(b + H_SIZE_STRINGS);
	if (v->total > FDT_MAX_SIZE || v->off_struct < 40 || (v->off_struct & 3) ||
	    v->off_struct > v->total || v->size_struct > v->total - v->off_struct ||
	    (v->size_struct & 3) || v->off_strings > v->total ||
	    v->size_strings > v->total - v->off_strings ||
	    v->off_strings < v->off_struct + v->size_struct)
		return -1;
	/* The strings block ends in a NUL, so every name offset inside it is a string. */
	if (v->size_strings && b[v->off_strings + v->size_strings - 1] != 0)
		return -1;
	return 0;
}

/*
 * The token at *off, moving *off past it; 0 if the block is malformed.
 * BEGIN_NODE: *name is the node's; PROP: *name, *val, *len the property's.
 */
static inline __attribute__((always_inline)) uint32_t next_token(const struct fdt_view *v,
		uint32_t *off, const char **name, const uint8_t **val, uint32_t *len)
{
	const uint8_t *s = v->blob + v->off_struct;
	uint32_t end = v->size_struct, o = *off, tok;

	if (o + 4 > end)
		return 0;
	/* Tokens are aligned (fdt_open checked) and below 256: one load, TOKEN_WORD. */
	tok = *(const fdt_word *)(s + o);
	o += 4;
	switch (tok) {
	case TOKEN_WORD(FDT_BEGIN_NODE): {
		tok = FDT_BEGIN_NODE;
		uint32_t n = bounded_strlen((const char *)s + o, end - o);
		if (o + n >= end)
			return 0;
		*name = (const char *)s + o;
		o += (n + 4) & ~3u;
		break;
	}
	case TOKEN_WORD(FDT_PROP): {
		tok = FDT_PROP;
		if (o + 8 > end)
			return 0;
		uint32_t plen = be32(s + o), nameoff = be32(s + o + 4);
		if (plen > end - o - 8 || nameoff >= v->size_strings)
			return 0;
		*name = (const char *)v->blob + v->off_strings + nameoff;
		*val = s + o + 8;
		*len = plen;
		o += 8 + ((plen + 3) & ~3u);
		break;
	}
	case TOKEN_WORD(FDT_END_NODE):
	case TOKEN_WORD(FDT_NOP):
	case TOKEN_WORD(FDT_END):
		tok >>= 24;
		break;
	default:
		return 0;
	}
	*off = o;
	return tok;
}

uint32_t fdt_totalsize(uintptr_t fdt)
{
	struct fdt_view v;

	return fdt_open(fdt, &v) ? 0 : v.total;
}

int fdt_copy(uintptr_t dst, uintptr_t src, uint32_t max)
{
	struct fdt_view v;

	if (fdt_open(src, &v))
		return FDT_ERR_BADTREE;
	if (v.total > max || (dst & 7))
		return FDT_ERR_NOSPACE;
	memmove((void *)dst, (const void *)src, v.total);
	return 0;
}

/*
 * Count (and with hz, set) the timebase-frequency properties. Stops where
 * /cpus ends: nothing past it can hold one, and most of QEMU's tree is there.
 */
static int timebase_walk(const struct fdt_view *v, uint32_t hz, uint32_t *old)
{
	uint32_t off = 0, tok, len, depth = 0, cpus_depth = 0;
	const char *name = 0;
	const uint8_t *val;
	int n = 0;

	while ((tok = next_token(v, &off, &name, &val, &len)) && tok != FDT_END) {
		if (tok == FDT_BEGIN_NODE) {
			depth++;
			if (depth == 2 && !strcmp(name, "cpus"))
				cpus_depth = depth;
		} else if (tok == FDT_END_NODE) {
			if (cpus_depth && depth == cpus_depth)
				return n;
			if (depth-- == 0)
				return FDT_ERR_BADTREE;
		} else if (tok == FDT_PROP && cpus_depth && depth <= cpus_depth + 1 &&
			   len == 4 && !strcmp(name, "timebase-frequency")) {
			if (!n++)
				*old = be32(val);
			if (hz)   /* val points into v->blob, which is ours to write */
				put_be32(v->blob + (val - v->blob), hz);
		}
	}
	return tok == FDT_END ? n : FDT_ERR_BADTREE;
}

int fdt_set_timebase(uintptr_t fdt, uint32_t hz, uint32_t *old)
{
	struct fdt_view v;
	int n;

	*old = 0;
	if (fdt_open(fdt, &v))
		return FDT_ERR_BADTREE;
	/* Check first, then write: a tree found malformed halfway through
	 * /cpus is left exactly as it was. */
	n = timebase_walk(&v, 0, old);
	if (n > 0 && hz)
		timebase_walk(&v, hz, old);
	return n;
}

static uint64_t cells(const uint8_t *p, unsigned n)
{
	return n == 2 ? ((uint64_t)be32(p) << 32) | be32(p + 4) : be32(p);
}

/* A property value that is exactly the string str (NUL included). */
static bool prop_is(const uint8_t *val, uint32_t len, const char *str)
{
	uint32_t n = (uint32_t)strlen(str) + 1;

	return len == n && !memcmp(val, str, n);
}

/*
 * Memory nodes: the root's children with device_type = "memory"
 * (devicetree spec 3.4), or without one but named memory[@...] as older
 * trees do; status other than "okay" is left out (2.3.4). reg is read when
 * the node ends (properties come in any order), with the root's cell
 * counts, which precede every child (5.4.1).
 */
int fdt_memory_ranges(uintptr_t fdt, struct fdt_range *out, unsigned max)
{
	struct fdt_view v;
	uint32_t off = 0, tok, len, depth = 0, reg_len = 0;
	const char *name = 0, *node = 0;
	const uint8_t *val, *reg = 0;
	unsigned acells = 2, scells = 1;   /* the spec's defaults (2.3.5) */
	int type = 0;                      /* device_type: 0 none, 1 "memory", -1 other */
	bool okay = true;
	unsigned n = 0;

	if (fdt_open(fdt, &v))
		return FDT_ERR_BADTREE;
	while ((tok = next_token(&v, &off, &name, &val, &len)) && tok != FDT_END) {
		if (tok == FDT_BEGIN_NODE) {
			if (++depth > FDT_MAX_DEPTH)
				return FDT_ERR_BADTREE;
			if (depth == 2) {
				node = name;
				reg = 0;
				type = 0;
				okay = true;
			}
		} else if (tok == FDT_END_NODE) {
			if (depth == 0)
				return FDT_ERR_BADTREE;
			if (depth-- != 2)
				continue;
			bool named = !strcmp(node, "memory") || !strncmp(node, "memory@", 7);
			if (!reg || !okay || type < 0 || (type == 0 && !named))
				continue;
			uint32_t entry = 4 * (acells + scells);
			if (acells < 1 || acells > 2 || scells < 1 || scells > 2 || reg_len % entry)
				return FDT_ERR_BADTREE;
			for (uint32_t i = 0; i < reg_len; i += entry, n++)
				if (n < max) {
					out[n].base = cells(reg + i, acells);
					out[n].size = cells(reg + i + 4 * acells, scells);
				}
		} else if (tok == FDT_PROP && depth == 1) {
			if (!strcmp(name, "#address-cells"))
				acells = len == 4 ? be32(val) : 0;
			else if (!strcmp(name, "#size-cells"))
				scells = len == 4 ? be32(val) : 0;
		} else if (tok == FDT_PROP && depth == 2) {
			if (!strcmp(name, "reg")) {
				reg = val;
				reg_len = len;
			} else if (!strcmp(name, "device_type")) {
				type = prop_is(val, len, "memory") ? 1 : -1;
			} else if (!strcmp(name, "status")) {
				okay = prop_is(val, len, "okay") || prop_is(val, len, "ok");
			}
		}
	}
	return tok == FDT_END && depth == 0 ? (int)n : FDT_ERR_BADTREE;
}

/* Offset of name in the strings block, appending it to new_strings if absent. */
static uint32_t string_offset(const struct fdt_view *v, const char *name,
			      char *new_strings, uint32_t *new_len)
{
	const char *s = (const char *)v->blob + v->off_strings;
	uint32_t n = (uint32_t)strlen(name) + 1, i;

	/* String by string (fdt_open checked the block ends in a NUL). */
	for (i = 0; i < v->size_strings; i += (uint32_t)strlen(s + i) + 1)
		if (!strcmp(s + i, name))
			return i;
	for (i = 0; i < *new_len; i += (uint32_t)strlen(new_strings + i) + 1)
		if (!strcmp(new_strings + i, name))
			return v->size_strings + i;
	memcpy(new_strings + *new_len, name, n);
	*new_len += n;
	return v->size_strings + *new_len - n;
}

/* Small writer for the bytes of the node being inserted. */
struct emit { uint8_t buf[256]; uint32_t len; };
static void emit32(struct emit *e, uint32_t x) { put_be32(e->buf + e->len, x); e->len += 4; }
static void emit_name(struct emit *e, const char *s)
{
	size_t n = strlen(s) + 1;
	memset(e->buf + e->len, 0, (n + 3) & ~3u);
	memcpy(e->buf + e->len, s, n);
	e->len += ((uint32_t)n + 3) & ~3u;
}

static unsigned cells_value(const uint8_t *val, uint32_t len, unsigned dflt)
{
	return len == 4 ? be32(val) : dflt;
}

/*
 * The harts: /cpus's cpu@N children whose status is absent or "okay"
 * (devicetree spec 3.8), each hart ID (reg, in /cpus's #address-cells)
 * passed to fn in the tree's order once its node ends. Returns how many,
 * or FDT_ERR_BADTREE (fn may have been called for some).
 */
int fdt_cpu_harts(uintptr_t fdt, void (*fn)(void *ctx, uint64_t hartid), void *ctx)
{
	struct fdt_view v;
	uint32_t off = 0, tok, len, depth = 0, cpus_depth = 0, reg_len = 0;
	const char *name = 0;
	const uint8_t *val, *reg = 0;
	unsigned acells = 1;           /* /cpus always says; 1 is what RISC-V trees use */
	bool cpu = false, okay = true;
	int n = 0;

	if (fdt_open(fdt, &v))
		return FDT_ERR_BADTREE;
	while ((tok = next_token(&v, &off, &name, &val, &len)) && tok != FDT_END) {
		if (tok == FDT_BEGIN_NODE) {
			if (++depth > FDT_MAX_DEPTH)
				return FDT_ERR_BADTREE;
			if (depth == 2 && !strcmp(name, "cpus"))
				cpus_depth = depth;
			else if (cpus_depth && depth == cpus_depth + 1) {
				cpu = !strncmp(name, "cpu@", 4);
				reg = 0;
				okay = true;
			}
		} else if (tok == FDT_END_NODE) {
			if (depth == 0)
				return FDT_ERR_BADTREE;
			if (cpus_depth && depth == cpus_depth)
				return n;      /* nothing past /cpus names a hart */
			if (cpus_depth && depth == cpus_depth + 1 && cpu && reg && okay) {
				if ((acells != 1 && acells != 2) || reg_len < 4 * acells)
					return FDT_ERR_BADTREE;
				fn(ctx, cells(reg, acells));
				n++;
			}
			depth--;
		} else if (tok == FDT_PROP && cpus_depth && depth == cpus_depth) {
			if (!strcmp(name, "#address-cells"))
				acells = cells_value(val, len, 0);
		} else if (tok == FDT_PROP && cpu && depth == cpus_depth + 1) {
			if (!strcmp(name, "reg")) {
				reg = val;
				reg_len = len;
			} else if (!strcmp(name, "status")) {
				okay = prop_is(val, len, "okay") || prop_is(val, len, "ok");
			}
		}
	}
	return tok == FDT_END && depth == 0 ? n : FDT_ERR_BADTREE;
}

int fdt_reserve_memory(uintptr_t fdt, uint32_t room, const char *node_name,
		       uint64_t base, uint64_t size)
{
	struct fdt_view v;
	uint32_t off = 0, tok, len, depth = 0, root_end = 0, rsv_end = 0, prev;
	const char *name = 0;
	const uint8_t *val;
	unsigned rsv_depth = 0, acells = 2, scells = 2;
	char new_strings[64];
	uint32_t new_strings_len = 0;
	struct emit e = { .len = 0 };

	if (fdt_open(fdt, &v))
		return FDT_ERR_BADTREE;

	/* Find the end of the root node and of an existing /reserved-memory. */
	for (;;) {
		prev = off;
		tok = next_token(&v, &off, &name, &val, &len);
		if (!tok)
			return FDT_ERR_BADTREE;
		if (tok == FDT_END)
			break;
		if (tok == FDT_BEGIN_NODE) {
			if (++depth > FDT_MAX_DEPTH)
				return FDT_ERR_BADTREE;
			if (depth == 2 && !strcmp(name, "reserved-memory"))
				rsv_depth = depth;
			if (rsv_depth && depth == rsv_depth + 1 && !strcmp(name, node_name))
				return FDT_ERR_EXISTS;
		} else if (tok == FDT_PROP && rsv_depth && depth == rsv_depth) {
			if (!strcmp(name, "#address-cells"))
				acells = cells_value(val, len, 2);
			else if (!strcmp(name, "#size-cells"))
				scells = cells_value(val, len, 2);
		} else if (tok == FDT_END_NODE) {
			if (depth == 0)
				return FDT_ERR_BADTREE;
			if (rsv_depth && depth == rsv_depth) {
				rsv_end = prev;
				rsv_depth = 0xffff;   /* found and closed: stop looking */
			}
			if (depth == 1)
				root_end = prev;
			depth--;
		}
	}
	if (depth != 0 || !root_end || acells < 1 || acells > 2 || scells < 1 || scells > 2)
		return FDT_ERR_BADTREE;

	/* The bytes to insert: the whole node, or only our child of the existing one. */
	if (!rsv_end) {
		emit32(&e, FDT_BEGIN_NODE);
		emit_name(&e, "reserved-memory");
		emit32(&e, FDT_PROP); emit32(&e, 4);
		emit32(&e, string_offset(&v, "#address-cells", new_strings, &new_strings_len));
		emit32(&e, 2);
		emit32(&e, FDT_PROP); emit32(&e, 4);
		emit32(&e, string_offset(&v, "#size-cells", new_strings, &new_strings_len));
		emit32(&e, 2);
		emit32(&e, FDT_PROP); emit32(&e, 0);
		emit32(&e, string_offset(&v, "ranges", new_strings, &new_strings_len));
		acells = scells = 2;
	}
	emit32(&e, FDT_BEGIN_NODE);
	emit_name(&e, node_name);
	emit32(&e, FDT_PROP); emit32(&e, 4 * (acells + scells));
	emit32(&e, string_offset(&v, "reg", new_strings, &new_strings_len));
	if (acells == 2)
		emit32(&e, (uint32_t)(base >> 32));
	emit32(&e, (uint32_t)base);
	if (scells == 2)
		emit32(&e, (uint32_t)(size >> 32));
	emit32(&e, (uint32_t)size);
	/* no-map: not even the OS's linear map may cover it (PMP would fault). */
	emit32(&e, FDT_PROP); emit32(&e, 0);
	emit32(&e, string_offset(&v, "no-map", new_strings, &new_strings_len));
	emit32(&e, FDT_END_NODE);
	if (!rsv_end)
		emit32(&e, FDT_END_NODE);

	/* Grow the blob: struct block by e.len, strings block by new_strings_len. */
	uint32_t grow = e.len + new_strings_len;
	uint32_t used_end = v.off_strings + v.size_strings;
	uint32_t beyond = used_end + grow > v.total ? used_end + grow - v.total : 0;
	if (used_end > v.total || beyond > room || v.total + beyond > FDT_MAX_SIZE)
		return FDT_ERR_NOSPACE;
	uint32_t at = v.off_struct + (rsv_end ? rsv_end : root_end);
	uint8_t *b = v.blob;
	/* Everything from the insertion point on moves up by e.len. */
	memmove(b + at + e.len, b + at, used_end - at);
	memcpy(b + at, e.buf, e.len);
	memcpy(b + used_end + e.len, new_strings, new_strings_len);
	put_be32(b + H_SIZE_STRUCT, v.size_struct + e.len);
	put_be32(b + H_OFF_STRINGS, v.off_strings + e.len);
	put_be32(b + H_SIZE_STRINGS, v.size_strings + new_strings_len);
	if (used_end + grow > v.total)
		put_be32(b + H_TOTALSIZE, used_end + grow);
	return 0;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Is s[0..n) one of ext[]'s multi-letter names, with at most a version after
 * it ("sstc", "sstc1p0")? */
static __attribute__((cold)) bool ext_listed(const char *s, uint32_t n, const char *const ext[], unsigned next)
{
	for (unsigned k = 0; k < next; k++) {
		uint32_t i = 0;

		if (!ext[k][0] || !ext[k][1])
			continue;

		while (ext[k][i] && i < n && (s[i] | 0x20) == ext[k][i])
			i++;
		if (ext[k][i] || (i < n && !is_digit(s[i])))
			continue;
		while (i < n && (is_digit(s[i]) || ((s[i] | 0x20) == 'p' && i + 1 < n && is_digit(s[i + 1]))))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

/*
 * riscv,isa (RISC-V ISA manual, "ISA Extension Naming Conventions"): "rv64",
 * single letters (each with an optional version) up to the first '_', 's',
 * 'z' or 'x'; then multi-letter names separated by '_'. A one-letter name
 * goes from the first part, a longer one as a whole name from the rest, so
 * "zsstcfoo" never loses an "sstc". Returns the new length (NUL included).
 */
static __attribute__((cold)) uint32_t isa_string_remove(char *s, uint32_t len, const char *const ext[], unsigned n)
{
	uint32_t l = bounded_strlen(s, len), r = 2, w, t;

	if (l == len || l < 3 || (s[0] | 0x20) != 'r' || (s[1] | 0x20) != 'v')
		return len;   /* not a string, or not an ISA string: left alone */
	while (r < l && is_digit(s[r]))
		r++;
	w = r;
	while (r < l && s[r] != '_' && (s[r] | 0x20) != 's' && (s[r] | 0x20) != 'z' &&
	       (s[r] | 0x20) != 'x') {
		bool drop = false;

		for (t = r + 1; t < l && is_digit(s[t]); t++)
			;
		if (t > r + 1 && t + 1 < l && (s[t] | 0x20) == 'p' && is_digit(s[t + 1]))
			for (t++; t < l && is_digit(s[t]); t++)
				;
		for (unsigned k = 0; k < n; k++)
			drop |= ext[k][0] && !ext[k][1] && (s[r] | 0x20) == ext[k][0];
		if (!drop) {
			memmove(s + w, s + r, t - r);
			w += t - r;
		}
		r = t;
	}
	/* "_name" each; the first may follow the letters with no '_' */
	while (r < l) {
		uint32_t name = r + (s[r] == '_');

		for (t = name; t < l && s[t] != '_'; t++)
			;
		if (!ext_listed(s + name, t - name, ext, n)) {
			memmove(s + w, s + r, t - r);
			w += t - r;
		}
		r = t;
	}
	s[w] = 0;
	return w + 1;
}

/* riscv,isa-extensions: a list of names, each exactly one extension's (no
 * versions). Returns the new length; a list not ending in a NUL is left alone. */
static __attribute__((cold)) uint32_t isa_list_remove(char *s, uint32_t len, const char *const ext[], unsigned n)
{
	uint32_t r = 0, w = 0, t;

	if (!len || s[len - 1])
		return len;
	for (; r < len; r = t + 1) {
		bool drop = false;

		t = r + (uint32_t)strlen(s + r);
		for (unsigned k = 0; k < n; k++)
			drop |= !strcmp(s + r, ext[k]);
		if (!drop) {
			memmove(s + w, s + r, t + 1 - r);
			w += t + 1 - r;
		}
	}
	return w;
}

/* The property whose value starts at val (len bytes) now holds nl: shorten it,
 * moving the rest of the structure block and the strings block down (the
 * blocks' order fdt_isa_remove() checked). Returns the bytes the struct lost. */
static __attribute__((cold)) uint32_t prop_shrink(struct fdt_view *v, const uint8_t *val, uint32_t len, uint32_t nl)
{
	uint8_t *b = v->blob, *p = b + (val - b);
	uint32_t pad = (len + 3) & ~3u, npad = (nl + 3) & ~3u, d = pad - npad;
	uint32_t used_end = v->off_strings + v->size_strings;

	put_be32(p - 8, nl);
	memset(p + nl, 0, npad - nl);
	if (d) {
		memmove(p + npad, p + pad, (size_t)(b + used_end - (p + pad)));
		memset(b + used_end - d, 0, d);
		v->size_struct -= d;
		v->off_strings -= d;
		put_be32(b + H_SIZE_STRUCT, v->size_struct);
		put_be32(b + H_OFF_STRINGS, v->off_strings);
	}
	return d;
}

/* The cpu nodes' ISA properties, up to where /cpus ends; edit: shorten them.
 * Boot only: cold, out of the hot paths' way. */
static __attribute__((cold)) int isa_walk(struct fdt_view *v, const char *const ext[], unsigned n, bool edit)
{
	uint32_t off = 0, tok, len, depth = 0, cpus_depth = 0;
	const char *name = 0;
	const uint8_t *val;
	int changed = 0;

	while ((tok = next_token(v, &off, &name, &val, &len)) && tok != FDT_END) {
		if (tok == FDT_BEGIN_NODE) {
			if (++depth > FDT_MAX_DEPTH)
				return FDT_ERR_BADTREE;
			if (depth == 2 && !strcmp(name, "cpus"))
				cpus_depth = depth;
		} else if (tok == FDT_END_NODE) {
			if (cpus_depth && depth == cpus_depth)
				return changed;
			if (depth-- == 0)
				return FDT_ERR_BADTREE;
		} else if (tok == FDT_PROP && edit && cpus_depth && depth == cpus_depth + 1) {
			bool list = !strcmp(name, "riscv,isa-extensions");
			uint32_t nl = len;
			char *s = (char *)v->blob + (val - v->blob);

			if (list)
				nl = isa_list_remove(s, len, ext, n);
			else if (!strcmp(name, "riscv,isa"))
				nl = isa_string_remove(s, len, ext, n);
			if (nl != len) {
				changed++;
				off -= prop_shrink(v, val, len, nl);
			}
		}
	}
	return tok == FDT_END ? changed : FDT_ERR_BADTREE;
}

__attribute__((cold)) int fdt_isa_remove(uintptr_t fdt, const char *const ext[], unsigned n)
{
	struct fdt_view v;
	int r;

	if (fdt_open(fdt, &v))
		return FDT_ERR_BADTREE;
	/* Moving the blocks down assumes the usual order: reservations, struct, strings. */
	if (be32(v.blob + H_OFF_RSVMAP) > v.off_struct)
		return FDT_ERR_BADTREE;
	/* Walk it whole first: a tree found malformed is left as it was. */
	r = isa_walk(&v, ext, n, false);
	if (r < 0)
		return r;
	return isa_walk(&v, ext, n, true);
}
