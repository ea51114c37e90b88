#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Print the comment-only share of src/, per folder and in total.

Issue 22 gives src/ a comment budget, measured the way it was measured for
OpenSBI's lib/sbi and xv6's kernel/: of the non-blank lines of the .c, .h
and .S files, the share that are comment-only (inside a /* */ comment, or
starting with //). A line with code and a comment is code; a `#` line of
the preprocessor is code, in .S files too; a "/*" inside a string or a
character literal is not a comment; an ACSL annotation, "/*@ ... */", is
the proof's code (docs/proof.md), not prose, and counts as code.

    comment_share.py SOURCE_DIR [--max PERCENT] [--files]
                            fails when the total is over PERCENT
    comment_share.py --self-test    prove the count, and that the check can fail
"""
import argparse
import pathlib
import re
import sys
import tempfile

SUFFIXES = (".c", ".h", ".S")
# Comments, then string and character literals (with escapes), in one pass,
# so that a quote inside a comment or a comment marker inside a string is
# read as what it is (the tokens of check_asm_in_arch.py).
TOKENS = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def count(text):
    """(non-blank lines, comment-only lines) of one file's text."""
    # Mark every character: 'c' in a comment, 'x' in code, newlines kept.
    marks = list(re.sub(r"[^\n\s]", "x", text))
    for m in TOKENS.finditer(text):
        if m.group(0).startswith(("/*", "//")) and not m.group(0).startswith("/*@"):
            for i in range(m.start(), m.end()):
                if not text[i].isspace():
                    marks[i] = "c"
    nonblank = comment = 0
    for line in "".join(marks).split("\n"):
        if not line.strip():
            continue
        nonblank += 1
        if "x" not in line:
            comment += 1
    return nonblank, comment


def shares(root):
    """{folder: (non-blank, comment-only)} under root/src, by first-level folder."""
    src = pathlib.Path(root) / "src"
    folders, files = {}, {}
    for path in sorted(src.rglob("*")):
        if path.suffix not in SUFFIXES or not path.is_file():
            continue
        rel = path.relative_to(src)
        folder = rel.parts[0] if len(rel.parts) > 1 else "(top)"
        n, c = count(path.read_text(errors="replace"))
        files[str(rel)] = (n, c)
        fn, fc = folders.get(folder, (0, 0))
        folders[folder] = (fn + n, fc + c)
    return folders, files


def total(folders):
    n = sum(v[0] for v in folders.values())
    c = sum(v[1] for v in folders.values())
    return n, c


def pct(n, c):
    return 100.0 * c / n if n else 0.0


def report(rows, name_width=12):
    for name, (n, c) in rows:
        print(f"  {name:<{name_width}} {c:5d} / {n:5d}  {pct(n, c):5.1f}%")


def self_test():
    """A tree with a known share; an over-budget tree fails --max."""
    tree = {
        # 11 non-blank lines, 4 comment-only (lines 1, 2, 3 and 9; the ACSL line is code).
        "src/a/one.c": (
            "/* A header,\n"
            " * two lines.\n"
            " */\n"
            "\n"
            'const char *s = "/* not a comment";\n'
            "int x; /* code with a comment */\n"
            "char c = '\"'; const char *t = \"*/ // nor this\";\n"
            "/* a comment */ int y;\n"
            "    // a line comment\n"
            "int z;\n"
            "int w;\n"
            "\t/*@ loop unroll 4; */\n"
        ),
        # 6 non-blank lines, 2 comment-only (the // and the /* */ line).
        "src/b/two.S": (
            "#include \"x.h\"\n"
            "# define Y 1\n"
            "// why this label\n"
            "\t/* a block */\n"
            "f:\tli a0, 1\n"
            "\tret\n"
        ),
        # 2 non-blank lines, 1 comment-only.
        "src/top.h": "/* top */\n#define T 1\n",
        "src/ignored.txt": "/* not a source file */\n",
    }
    want_files = {"a/one.c": (11, 4), "b/two.S": (6, 2), "top.h": (2, 1)}
    with tempfile.TemporaryDirectory() as d:
        for name, text in tree.items():
            p = pathlib.Path(d) / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        folders, files = shares(d)
        if files != want_files:
            print("self-test FAILED: counted", files, "expected", want_files)
            return 1
        n, c = total(folders)
        if (n, c) != (19, 7):
            print("self-test FAILED: total", (n, c), "expected (19, 7)")
            return 1
        # 7/19 = 36.8%: passes at 40, fails at 30.
        if run([d, "--max", "40"], quiet=True) != 0 or run([d, "--max", "30"], quiet=True) == 0:
            print("self-test FAILED: --max did not pass at 40% and fail at 30%")
            return 1
    print("self-test: a tree of known share (7 of 19 lines) is counted right;"
          " over --max it fails")
    return 0


def run(argv, quiet=False):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source_dir", nargs="?")
    ap.add_argument("--max", type=float, help="fail when the total share is over PERCENT")
    ap.add_argument("--files", action="store_true", help="print every file's share too")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.source_dir:
        ap.error("SOURCE_DIR is required")
    folders, files = shares(args.source_dir)
    n, c = total(folders)
    if not quiet:
        print("comment-only lines / non-blank lines, src/:")
        report(sorted(folders.items()))
        if args.files:
            print("per file:")
            report(sorted(files.items()), max(len(f) for f in files))
        print(f"  {'total':<12} {c:5d} / {n:5d}  {pct(n, c):5.1f}%")
    if args.max is not None and pct(n, c) > args.max:
        if not quiet:
            print(f"over budget: {pct(n, c):.1f}% > {args.max:g}%;"
                  " say why once, near the code or in docs/, and refer to it")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
