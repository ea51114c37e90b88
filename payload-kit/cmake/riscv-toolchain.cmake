# The payload kit's cross toolchain: Debian's gcc-riscv64-unknown-elf (GCC 12,
# multilib: rv32 and rv64 from one compiler). TallyPayload.cmake uses it when
# included before project(); or pass it yourself:
#   cmake -B build -DCMAKE_TOOLCHAIN_FILE=/path/to/tally/payload-kit/cmake/riscv-toolchain.cmake
set(TALLY_KIT_CROSS "riscv64-unknown-elf-" CACHE STRING "toolchain prefix")
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv)
set(CMAKE_C_COMPILER ${TALLY_KIT_CROSS}gcc)
set(CMAKE_ASM_COMPILER ${TALLY_KIT_CROSS}gcc)
set(CMAKE_OBJCOPY ${TALLY_KIT_CROSS}objcopy CACHE FILEPATH "")
# Bare metal: nothing can run at configure time.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
