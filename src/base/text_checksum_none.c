/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The normal image: no text checksum (TALLY_TEXT_CHECKSUM off). The hooks
 * cost one empty call at boot and one at shutdown; text_checksum.c takes
 * this file's place in the fuzzer's image.
 */
#include "base/text_checksum.h"

void text_checksum_boot(void) {}
bool text_checksum_check(void) { return true; }
