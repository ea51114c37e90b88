#!/usr/bin/env python3
"""Check that what the firmware's comments name still exists.

    check_comment_refs.py [ROOT]        exit 1 with one line per stale name
    check_comment_refs.py --self-test   a stale name and a stale file are found

In every comment of src/ (C, headers, assembly):
  - a call-like name, `name()`, must be defined or declared somewhere in
    the tree's code (src/, payload-kit/, tests/): a function, a macro or
    an assembly label;
  - a file name, `dir/file.c` or `file.S`, must be a file of the tree
    (a path relative to the top, to src/, or a file name found anywhere).
A comment that cites a function renamed or a file moved fails the build
instead of sending a reader to nothing. docs/ has its own check
(tests/docs/check_citations.py).
"""
import pathlib, re, sys

EXTS = (".c", ".h", ".S")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
CALL = re.compile(r"\b([A-Za-z_]\w*)\(\)")
FILE = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:c|h|S|ld|py|sh|cmake|md|json))\b")
# Names from outside the tree a comment may cite: the C library and GCC.
EXTERNAL = {"printf", "memcpy", "memmove", "memset", "memcmp", "strlen", "snprintf",
            "__builtin_ctz", "__builtin_ctzll", "__builtin_clz", "reboot", "ecall", "mret", "sret",
            "wfi", "main"}
# Files outside the tree a comment may cite: C's headers, QEMU's sources;
# and names that only look like files: a CSR field (misa.S), a compressed
# instruction (c.ld).
EXTERNAL_FILES = {"stdint.h", "stddef.h", "stdbool.h", "stdarg.h"}
EXTERNAL_DIRS = ("hw/", "target/")
NOT_FILES = re.compile(r"^(c|misa|mstatus|sstatus|hstatus|vsstatus)\.")


def code_files(root):
    for top in ("src", "payload-kit", "tests"):
        for p in (root / top).rglob("*"):
            if p.suffix in EXTS and p.is_file():
                yield p


def defined_names(root):
    """Every identifier the code (outside comments and strings) uses or defines."""
    names = set()
    for p in code_files(root):
        text = COMMENT.sub(" ", STRING.sub('""', p.read_text(errors="replace")))
        names.update(re.findall(r"\b[A-Za-z_]\w*\b", text))
    return names


def tree_files(root):
    rel, base = set(), set()
    for p in root.rglob("*"):
        if p.is_file() and ".git" not in p.parts and "build" not in p.parts:
            r = p.relative_to(root).as_posix()
            rel.add(r)
            base.add(p.name)
    return rel, base


def check(root):
    names = defined_names(root)
    rel, base = tree_files(root)
    bad = []
    for p in sorted((root / "src").rglob("*")):
        if p.suffix not in EXTS:
            continue
        text = p.read_text(errors="replace")
        for m in COMMENT.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            body = m.group(0)
            for name in CALL.findall(body):
                if name not in names and name not in EXTERNAL:
                    bad.append(f"{p.relative_to(root)}:{line}: a comment names {name}(), "
                               "which no code in the tree defines")
            for f in FILE.findall(body):
                if f in EXTERNAL_FILES or f.startswith(EXTERNAL_DIRS) or NOT_FILES.match(f):
                    continue
                ok = (f in rel or f"src/{f}" in rel or
                      any(r.endswith("/" + f) for r in rel) if "/" in f else f in base)
                if not ok:
                    bad.append(f"{p.relative_to(root)}:{line}: a comment names {f}, "
                               "which is not a file of the tree")
    return bad


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        root = pathlib.Path(d)
        for sub in ("src/hart", "payload-kit", "tests"):
            (root / sub).mkdir(parents=True)
        (root / "src/hart/timer.c").write_text("void timer_irq(void) {}\n")
        (root / "src/hart/a.c").write_text(
            "/* timer_irq() (hart/timer.c) does it; timer.c too. */\nint x;\n")
        if check(root):
            print("self-test: FAIL, good references reported:", check(root))
            return 1
        (root / "src/hart/b.c").write_text(
            "/* sbi_timer_irq() in sbi/sbi_time.c */\nint y;\n")
        got = check(root)
        want = ("sbi_timer_irq()", "sbi/sbi_time.c")
        if len(got) != 2 or not all(any(w in g for g in got) for w in want):
            print("self-test: FAIL, expected the stale name and file, got:", got)
            return 1
    print("check_comment_refs self-test: a stale name and a stale file are found, good ones pass")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[2])
    bad = check(root.resolve())
    for b in bad:
        print(b)
    if bad:
        print(f"check_comment_refs: {len(bad)} stale name(s) in comments")
        return 1
    print("check_comment_refs: every function and file the comments of src/ name exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
