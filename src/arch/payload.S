/* SPDX-License-Identifier: BSD-2-Clause */
/* fw_payload mode: the payload binary, placed at TALLY_PAYLOAD_BASE by the linker script. */
	.section .payload, "ax"
	.incbin TALLY_PAYLOAD_PATH
