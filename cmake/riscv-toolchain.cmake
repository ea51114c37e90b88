# Cross toolchain: Debian's gcc-riscv64-unknown-elf (GCC 12, multilib) with picolibc.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_OBJCOPY riscv64-unknown-elf-objcopy CACHE FILEPATH "")
set(CMAKE_SIZE riscv64-unknown-elf-size CACHE FILEPATH "")
# Bare metal: no executables can run during configure checks.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
