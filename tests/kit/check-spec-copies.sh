#!/usr/bin/env bash
# The payload kit's copies of the spec numbers are byte-equal to the
# firmware's own: a kit copied out of the checkout builds alone, and must
# still speak the numbers the firmware answers to.
#
#   check-spec-copies.sh SRC_DIR
set -u
src=$1 bad=0
for pair in src/base/sbi_spec.h:payload-kit/include/tally/sbi_spec.h \
            src/arch/riscv.h:payload-kit/include/tally/riscv_spec.h; do
  fw=${pair%%:*} kit=${pair#*:}
  if ! diff -u "$src/$fw" "$src/$kit"; then
    echo "check-spec-copies: $kit differs from $fw: after changing $fw, cp $fw $kit"
    bad=1
  fi
done
[ $bad = 0 ] && echo "check-spec-copies: OK (2 copies equal)"
exit $bad
