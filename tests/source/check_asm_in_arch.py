#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Fail if inline assembly appears in a C file or header outside src/arch/.

Tally keeps every instruction it spells in src/arch/ (README, "Layout";
docs/porting.md): a port to another core, or a reader, finds them all
there, and every other file builds on the host against fakes. This check
reads each .c and .h file under src/ except src/arch/, drops comments,
string and character literals, and fails on the keywords GCC accepts for
inline assembly: asm, __asm and __asm__.

    check_asm_in_arch.py SOURCE_DIR     check SOURCE_DIR/src
    check_asm_in_arch.py --self-test    prove that the check can fail
"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from selftest import clean_then_each_bad  # noqa: E402

KEYWORD = re.compile(r"\b(asm|__asm|__asm__)\b")
# Comments, then string and character literals (with escapes), in one pass,
# so that a quote inside a comment or a comment marker inside a string is
# read as what it is.
TOKENS = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def code_only(text):
    """The text with comments and literals blanked (newlines kept, for line numbers)."""
    return TOKENS.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def offenders(root):
    """(file, line, text) of every inline-assembly keyword outside src/arch/."""
    src = pathlib.Path(root) / "src"
    found = []
    for path in sorted(src.rglob("*")):
        if path.suffix not in (".c", ".h") or (src / "arch") in path.parents:
            continue
        text = path.read_text(errors="replace")
        lines = text.splitlines()
        for n, line in enumerate(code_only(text).splitlines(), 1):
            if KEYWORD.search(line):
                found.append((path.relative_to(root), n, lines[n - 1].strip()))
    return found


def self_test():
    """A tree with asm in src/arch/ and in comments passes; each kind of offence fails."""
    clean = {
        "src/arch/ok.h": 'static inline void f(void) { __asm__ volatile("nop"); }\n',
        "src/arch/deep/ok.c": 'void g(void) { asm("nop"); }\n',
        "src/ok.c": '/* no asm here */\n// __asm__ neither\nconst char *s = "asm(\\"nop\\")";\n'
                    "int spasm, asm_count; char c = 'a';\n",
    }
    bad = {
        "src/bad.c": 'void h(void) { __asm__ volatile("wfi"); }\n',
        "src/bad.h": 'static inline void h(void) { asm volatile("wfi"); }\n',
        "src/platform/x/bad.c": 'register long a0 __asm("a0");\n',
        "src/after_comment.c": '/* a comment */ void h(void) { __asm__("nop"); }\n',
    }
    return clean_then_each_bad(lambda d: [str(f) for f, _, _ in offenders(d)], clean, bad)


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = sys.argv[1]
    found = offenders(root)
    for path, n, line in found:
        print(f"{path}:{n}: inline assembly outside src/arch/: {line}")
    if found:
        print("Move it into a named function in src/arch/ (csr.h, fence.h, wfi.h, ...).")
        return 1
    print("no inline assembly outside src/arch/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
