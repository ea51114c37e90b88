/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for the generated tally_config.h, for the host tests that
 * build src/ files reading the build's choices: an image for an S-mode
 * payload, FWFT, DBTR and SUSP linked in (the dispatcher's second way).
 */
#ifndef TALLY_CONFIG_H
#define TALLY_CONFIG_H
#define TALLY_MAX_HARTS 8
#define TALLY_STACK_SIZE 4096
#define TALLY_SMODE_EXTENSIONS 1
#define TALLY_SMP 1
#endif
