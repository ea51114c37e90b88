# Checks of the linked firmware images and of their checkers; included by
# tests/CMakeLists.txt (ibex-size is with the RTL tests: tests/rtl/ibex.cmake).

# tools/check-fixed-regs.py guards every image (entry.S relies on it); it
# must also say no: an object whose one function writes t3 must fail it.
add_library(uses-t3 OBJECT image/uses-t3.S)
target_compile_options(uses-t3 PRIVATE ${TALLY_TARGET_FLAGS})
tally_test(fixed-regs-check-can-fail LABELS image PROPERTIES WILL_FAIL TRUE
  COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/check-fixed-regs.py ${CMAKE_OBJDUMP} $<TARGET_OBJECTS:uses-t3>)

# tools/check-ext-slots.py guards every image's dispatcher table; it must
# also say no: the same image with one row's way emptied must fail it.
tally_test(ext-slots-check-can-fail LABELS image PROPERTIES WILL_FAIL TRUE
  COMMAND python3 ${CMAKE_SOURCE_DIR}/tools/check-ext-slots.py ${CMAKE_NM} ${CMAKE_BINARY_DIR}/tally.elf --drop 0)

# The Ibex boards take the program baked into their memory at synthesis or
# elaboration time: tally.vmem (tools/elf2vmem.py after every link, with
# TALLY_VMEM) must say word by word what objcopy's binary image says. The
# same check with one bit of word 0x20 (the reset entry) flipped must fail.
if(TALLY_VMEM)
  set(vmem ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/image/check_vmem.py
    ${CMAKE_BINARY_DIR}/tally.vmem ${CMAKE_BINARY_DIR}/tally.bin ${TALLY_FW_BASE})
  tally_test(vmem LABELS image COMMAND ${vmem})
  tally_test(vmem-check-can-fail LABELS image COMMAND ${vmem} --flip 0x20 PROPERTIES WILL_FAIL TRUE)
endif()

# The demo system has 128 KiB of BRAM for everything: firmware, its stack,
# the payload and the payload's own .bss and stack. The linker already
# checks that the firmware ends below the payload; this checks that the
# payload's last byte (its _end, .bss included) is still inside the RAM.
if(TALLY_BOARD STREQUAL "demo_system")
  tally_test(demo-system-fits LABELS image COMMAND ${CMAKE_COMMAND}
    -DNM=${CMAKE_NM} -DFW=${CMAKE_BINARY_DIR}/tally.elf
    -DPAYLOAD=${CMAKE_BINARY_DIR}/tests/payload/ibex-test.elf
    -DRAM_BASE=${TALLY_FW_BASE} -DRAM_SIZE=${TALLY_RAM_SIZE}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/image/fits-in-ram.cmake)
endif()
