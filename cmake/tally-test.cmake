# tally_test(NAME LABELS label... COMMAND cmd... [PROPERTIES prop value...]):
# add_test with its ctest labels said where it is registered (ctest -L pmu,
# -L rtl; tests/README.md has the table). Every test also gets where it
# runs: "host" in the host preset, the preset's TALLY_PLATFORM otherwise.
function(tally_test name)
  cmake_parse_arguments(T "" "" "LABELS;COMMAND;PROPERTIES" ${ARGN})
  add_test(NAME ${name} COMMAND ${T_COMMAND})
  if(CMAKE_CROSSCOMPILING)
    list(APPEND T_LABELS ${TALLY_PLATFORM})
  else()
    list(APPEND T_LABELS host)
  endif()
  set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}" ${T_PROPERTIES})
endfunction()

# The extensions a payload exercises, for the labels of the tests that run it.
set(TALLY_LABELS_CONFORMANCE base time dbcn srst pmu fwft dbtr susp sse)   # conformance/
set(TALLY_LABELS_SMP hsm ipi rfence)                                # smp/
