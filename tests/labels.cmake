# ctest labels, given by name to every test of the build:
#
#   ctest --preset host -L pmu        the PMU's tests
#   ctest --preset ibex -L rtl        the tests on a Verilator model
#   ctest --print-labels              what this build has
#
# The top-level CMakeLists.txt includes this file before any test is
# registered, and add_test below labels every test, so a test added
# anywhere, later, by anyone, is labelled without a line of its own. The
# labels come from the test's name, split into words (at - and _), by
# these rules (tests/README.md has them for readers):
#
#   extension   a word that names an SBI extension (base, time, dbcn, srst,
#               pmu, hsm, ipi, rfence, sse, fwft, susp, dbtr, and those
#               still to come) gives that label; a word in
#               TALLY_LABEL_WORDS below gives the extensions the test
#               exercises (conformance: the whole conformance payload);
#               a name with an extension word of its own gets only that:
#               conformance-pmu is pmu.
#   platform    host preset: the platform a word names (ibex, cva6, virt,
#               the boards); firmware presets: the preset's platform
#               (TALLY_PLATFORM), every test.
#   kind        host (the host preset's tests), rtl (a word "rtl"),
#               docs (docs-*, tests-readme), image (checks of a linked
#               image), linux (Linux and U-Boot), qemu (every other test of
#               a firmware preset: it boots QEMU).
# Name an RTL test with the word rtl: that is all ctest -L rtl goes by.

set(TALLY_EXTENSIONS base time dbcn srst pmu hsm ipi rfence
  sse fwft susp dbtr cppc nacl sta mpxy legacy)

# Words that stand for the extensions a test exercises.
set(_conformance base time dbcn srst pmu fwft dbtr susp sse)
set(TALLY_LABEL_WORDS_conformance ${_conformance})
set(TALLY_LABEL_WORDS_smp hsm ipi rfence)
set(TALLY_LABEL_WORDS_fuzz ${_conformance} hsm ipi rfence)
set(TALLY_LABEL_WORDS_bench base time pmu)
set(TALLY_LABEL_WORDS_uboot base)
set(TALLY_LABEL_WORDS_perf pmu)
set(TALLY_LABEL_WORDS_hpm4 pmu)
set(TALLY_LABEL_WORDS_sscofpmf pmu)
set(TALLY_LABEL_WORDS_counters pmu)
set(TALLY_LABEL_WORDS_cva6 pmu)          # the CVA6 payloads test its PMU backend
set(TALLY_LABEL_WORDS_emul pmu)          # emulated counter reads
set(TALLY_LABEL_WORDS_status srst)       # exit statuses: SRST shutdown
set(TALLY_LABEL_WORDS_dispatch base)
unset(_conformance)

# Words that name a platform (host tests of one core's code or boards).
set(TALLY_PLATFORM_WORDS_ibex ibex)
set(TALLY_PLATFORM_WORDS_demo ibex)
set(TALLY_PLATFORM_WORDS_simple ibex)
set(TALLY_PLATFORM_WORDS_cva6 cva6)
set(TALLY_PLATFORM_WORDS_genesys2 cva6)
set(TALLY_PLATFORM_WORDS_testharness cva6)
set(TALLY_PLATFORM_WORDS_virt qemu-virt)

# Words of the image checks (tests/image, ibex-size).
set(TALLY_IMAGE_WORDS vmem fits size regs)

# Append to out the labels that the words stand for (variables prefix<word>).
function(_tally_word_labels prefix words out)
  set(labels ${${out}})
  foreach(w ${words})
    if(DEFINED ${prefix}${w})
      list(APPEND labels ${${prefix}${w}})
    endif()
  endforeach()
  set(${out} ${labels} PARENT_SCOPE)
endfunction()

# The labels of one test name: the result goes to out.
function(tally_test_labels name out)
  string(TOLOWER "${name}" lname)
  string(REGEX MATCHALL "[a-z0-9]+" words "${lname}")
  set(labels)
  # Extensions: named directly, or else through a word.
  foreach(w ${words})
    if(w IN_LIST TALLY_EXTENSIONS)
      list(APPEND labels ${w})
    endif()
  endforeach()
  if(NOT labels)
    _tally_word_labels(TALLY_LABEL_WORDS_ "${words}" labels)
  endif()
  # Platform.
  if(CMAKE_CROSSCOMPILING)
    list(APPEND labels ${TALLY_PLATFORM})
  else()
    _tally_word_labels(TALLY_PLATFORM_WORDS_ "${words}" labels)
  endif()
  # Kind.
  set(image FALSE)
  foreach(w ${TALLY_IMAGE_WORDS})
    if(w IN_LIST words)
      set(image TRUE)
    endif()
  endforeach()
  if(NOT CMAKE_CROSSCOMPILING)
    list(APPEND labels host)
  endif()
  if("rtl" IN_LIST words)
    list(APPEND labels rtl)
  elseif("docs" IN_LIST words OR lname STREQUAL "tests-readme")
    list(APPEND labels docs)
  elseif(image)
    list(APPEND labels image)
  elseif("linux" IN_LIST words OR "uboot" IN_LIST words)
    list(APPEND labels linux)
  elseif(CMAKE_CROSSCOMPILING)
    list(APPEND labels qemu)
  endif()
  list(REMOVE_DUPLICATES labels)
  set(${out} ${labels} PARENT_SCOPE)
endfunction()

# add_test, labelled: every test is registered through this, wherever it
# is, and labelled at the end of its directory (so after any properties
# its own CMake file sets; labels it sets itself are kept). CMake keeps the
# built-in command as _add_test. Why not a walk over the directories at
# the end: CMake before 3.28 cannot set a property of a test of another
# directory.
function(add_test)
  _add_test(${ARGV})
  if(ARGV0 STREQUAL "NAME")
    set(name ${ARGV1})
  else()
    set(name ${ARGV0})     # the old add_test(name command ...) form
  endif()
  # A deferred call's arguments are read when it runs: pass the name as text.
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _tally_label_test [[${name}]])")
endfunction()

function(_tally_label_test name)
  tally_test_labels(${name} labels)
  set_property(TEST ${name} APPEND PROPERTY LABELS ${labels})
endfunction()
