#!/usr/bin/env bash
# Install what Tally needs from Debian 12's own packages (run as root or
# with sudo available). Does nothing for packages already installed.
set -eu
# gcc-12-multilib (for the -m32 host tests), not gcc-multilib: the latter
# conflicts with gcc-riscv64-linux-gnu, which builds the Linux test kernel.
# ocaml-findlib: frama-c-base needs its configuration and only recommends it.
pkgs=(cmake make gcc g++ gcc-12-multilib clang libclang-rt-14-dev python3
      gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
      qemu-system-misc u-boot-qemu opensbi device-tree-compiler
      linux-source-6.1 linux-source-6.12 gcc-riscv64-linux-gnu flex bison bc xz-utils
      gdb-multiarch
      frama-c-base ocaml-findlib why3 z3 cvc4 cvc5)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
echo "setup: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
