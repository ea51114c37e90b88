# Tally payload kit: build a payload with make, out of tree.
#
#   make -f /path/to/tally/payload-kit/payload.mk NAME=hello SRCS=hello.c XLEN=32
#
# or, in your own Makefile:
#
#   NAME = hello
#   SRCS = hello.c
#   include /path/to/tally/payload-kit/payload.mk
#
# Variables (all optional but SRCS):
#   NAME   output name: NAME.elf, and NAME.bin for fw_payload mode (a.out.elf)
#   SRCS   C and assembly (.S) sources
#   XLEN   64 (default) or 32
#   MODE   s (default): an S-mode payload; u: U-mode (Ibex and other M+U cores)
#   BASE   link address; default 0x80200000 (XLEN 64), 0x80400000 (XLEN 32).
#          Ibex simple_system: 0x00110000, demo system: 0x00108000
#   END    first address the payload must not reach (e.g. 0x00120000 on the
#          demo system); checked at link time
#   ARCH   -march without extensions; default rv64imac, rv32imc
#   STACK  stack bytes (16384)
#   OUT    output folder (.)
#   CROSS  toolchain prefix (riscv64-unknown-elf-)
#   CFLAGS, LDFLAGS  added to the kit's
# Targets: all (default), clean.

TALLY_KIT_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))

NAME  ?= a.out
XLEN  ?= 64
MODE  ?= s
OUT   ?= .
STACK ?= 16384
CROSS ?= riscv64-unknown-elf-
CC      = $(CROSS)gcc
OBJCOPY = $(CROSS)objcopy

ifeq ($(XLEN),64)
ARCH ?= rv64imac
ABI  ?= lp64
BASE ?= 0x80200000
else ifeq ($(XLEN),32)
ARCH ?= rv32imc
ABI  ?= ilp32
BASE ?= 0x80400000
else
$(error XLEN must be 32 or 64, not $(XLEN))
endif
ifeq ($(MODE),s)
MODE_DEF = -DTALLY_KIT_SMODE
else ifneq ($(MODE),u)
$(error MODE must be s or u, not $(MODE))
endif
ifeq ($(strip $(SRCS)),)
$(error SRCS is empty: name the payload's sources, e.g. make -f $(lastword $(MAKEFILE_LIST)) SRCS=hello.c)
endif

# GCC 12 wants zicsr/zifencei spelled out to assemble CSR instructions;
# the link names the plain ISA, so that the multilib lookup finds libgcc
# (rv32imc has none of its own: GCC falls back to rv32im's).
KIT_TARGET  = -march=$(ARCH)_zicsr_zifencei -mabi=$(ABI) -mcmodel=medany
KIT_CFLAGS  = $(KIT_TARGET) -std=gnu11 -O2 -g -Wall -Wextra -ffreestanding -fno-common \
	-ffunction-sections -fdata-sections -I$(TALLY_KIT_DIR)/include $(MODE_DEF)
KIT_LDFLAGS = -march=$(ARCH) -mabi=$(ABI) -mcmodel=medany -nostdlib -nostartfiles \
	-T $(TALLY_KIT_DIR)/lib/payload.ld -Wl,--defsym=TALLY_PAYLOAD_BASE=$(BASE) \
	-Wl,--defsym=TALLY_STACK_SIZE=$(STACK) $(if $(END),-Wl$(comma)--defsym=TALLY_PAYLOAD_END=$(END)) \
	-Wl,--gc-sections -Wl,--no-warn-rwx-segments
comma := ,

# The kit's own objects go to a folder of their own, so that a payload
# source named like one of them (start.S, harts.c) does not collide.
KIT_LIB  = start.S runtime.c harts.c
KIT_HDRS = $(wildcard $(TALLY_KIT_DIR)/include/tally/*.h)
OBJDIR   = $(OUT)/.obj-$(NAME)
OBJS     = $(patsubst %,$(OBJDIR)/%.o,$(notdir $(SRCS))) $(patsubst %,$(OBJDIR)/kit/%.o,$(KIT_LIB))
vpath %.c $(sort $(dir $(SRCS)))
vpath %.S $(sort $(dir $(SRCS)))

all: $(OUT)/$(NAME).elf $(OUT)/$(NAME).bin

$(OUT)/$(NAME).elf: $(OBJS) $(TALLY_KIT_DIR)/lib/payload.ld
	$(CC) $(KIT_LDFLAGS) $(LDFLAGS) -o $@ $(OBJS) -lgcc
$(OUT)/$(NAME).bin: $(OUT)/$(NAME).elf
	$(OBJCOPY) -O binary $< $@

$(OBJDIR)/%.c.o: %.c $(KIT_HDRS) | $(OBJDIR)
	$(CC) $(KIT_CFLAGS) $(CFLAGS) -c -o $@ $<
$(OBJDIR)/%.S.o: %.S $(KIT_HDRS) | $(OBJDIR)
	$(CC) $(KIT_CFLAGS) $(CFLAGS) -c -o $@ $<
$(OBJDIR)/kit/%.o: $(TALLY_KIT_DIR)/lib/% $(KIT_HDRS) | $(OBJDIR)/kit
	$(CC) $(KIT_CFLAGS) $(CFLAGS) -c -o $@ $<
$(OBJDIR) $(OBJDIR)/kit:
	mkdir -p $@

clean:
	rm -rf $(OBJDIR) $(OUT)/$(NAME).elf $(OUT)/$(NAME).bin

.PHONY: all clean
