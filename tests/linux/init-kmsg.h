/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An /init's text to /dev/kmsg a line at a time, not to fd 1. The CVA6
 * testharness's UART has no interrupt line, so Linux's 8250 driver drains
 * its transmit buffer from a timer, one FIFO's worth (16 bytes) per tick:
 * a page of output takes most of a simulated second, and at power-off
 * whatever is left is lost. A /dev/kmsg line is printed at once by the
 * console's polled write, as the kernel's own lines are (bootargs:
 * printk.devkmsg=on, or /dev/kmsg keeps 10 lines in 5 s).
 *
 * Use: define INIT_WRITE(s, n) as kmsg_write((s), (n)) and declare
 * kmsg_write before including init-lib.h, include this after it, and call
 * kmsg_open() first thing.
 */
#ifndef TALLY_INIT_KMSG_H
#define TALLY_INIT_KMSG_H

#define SYS_mknodat 33
#define SYS_openat 56
#define AT_FDCWD (-100)

static long kmsg = -1;
static char kmsg_line[256];
static unsigned long kmsg_len;

static void kmsg_write(const char *s, long n)
{
	for (long i = 0; i < n; i++) {
		kmsg_line[kmsg_len++] = s[i];
		if (s[i] != '\n' && kmsg_len < sizeof(kmsg_line))
			continue;
		sys(SYS_write, kmsg >= 0 ? kmsg : 1, (long)kmsg_line, (long)kmsg_len, 0, 0);
		kmsg_len = 0;
	}
}

/* The initramfs has no /dev: make the node (char 1:11) and open it. */
static void kmsg_open(void)
{
	sys(SYS_mknodat, AT_FDCWD, (long)"/kmsg", 0020600 /* S_IFCHR | 0600 */, (1 << 8) | 11, 0);
	kmsg = sys(SYS_openat, AT_FDCWD, (long)"/kmsg", 1 /* O_WRONLY */, 0, 0);
}
#endif
