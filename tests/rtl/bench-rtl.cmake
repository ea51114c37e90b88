# The RTL cycle figures of docs/benchmark.md (tests/docs/check_rtl_figures.py):
# each preset runs its columns of tests/rtl/bench-rtl.py on its model and
# checks the cells and figures made of them; skipped (77) when the model's
# variable is not set (CVA6_SIM_RV64H for the H model's columns). OpenSBI 1.1's column is the long one (its boot),
# so it is a test of its own, reading the Tally column the first test logged.
set(_check python3 ${CMAKE_SOURCE_DIR}/tests/docs/check_rtl_figures.py
  --log-dir ${CMAKE_BINARY_DIR}/bench-rtl --built ${CMAKE_BINARY_DIR})
if(TALLY_PLATFORM STREQUAL "cva6" AND TALLY_BOARD STREQUAL "testharness")
  if(TALLY_XLEN EQUAL 64)
    tally_test(docs-rtl-figures-rv64 LABELS docs rtl COMMAND ${_check} --run floor-rv64 --run tally-rv64
      PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200 FIXTURES_SETUP bench-rtl-rv64)
    tally_test(docs-rtl-figures-opensbi LABELS docs rtl COMMAND ${_check} --run opensbi-rv64 --logs tally-rv64
      PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600 FIXTURES_REQUIRED bench-rtl-rv64)
    # The guest's exits on the model with H (CVA6_SIM_RV64H, skipped
    # without it): Tally's and OpenSBI 1.1's columns of the hyp-rv64 table,
    # one test, as OpenSBI's boot (about 6 M cycles) is most of it.
    tally_test(docs-rtl-figures-hyp LABELS docs rtl hyp COMMAND ${_check} --run tally-rv64h --run opensbi-rv64h
      PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 3600)
  else()
    tally_test(docs-rtl-figures-rv32 LABELS docs rtl COMMAND ${_check} --run floor-rv32 --run tally-rv32
      PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200)
  endif()
elseif(TALLY_PLATFORM STREQUAL "ibex" AND TALLY_BOARD STREQUAL "simple_system")
  tally_test(docs-rtl-figures-ibex LABELS docs rtl COMMAND ${_check} --run ibex
    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200)
endif()
