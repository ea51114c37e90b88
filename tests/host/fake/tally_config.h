/* SPDX-License-Identifier: BSD-2-Clause */
/* Host stand-in for the generated tally_config.h: each board test passes its preset's values. */
#ifndef TALLY_CONFIG_H
#define TALLY_CONFIG_H
#define TALLY_MAX_HARTS 8
#define TALLY_STACK_SIZE 4096
#define TALLY_PAYLOAD_BASE TEST_PAYLOAD_BASE
#define TALLY_RAM_SIZE TEST_RAM_SIZE
#endif
