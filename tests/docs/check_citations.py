#!/usr/bin/env python3
"""Check that the documents cite code that exists.

    check_citations.py REPO_ROOT

In README.md, docs/*.md and docs/boards/*.md, inline code spans are read:
  - `path:name` or `path:name()`, where path is a file of this repository:
    the file must exist and define name - a C function, macro, object,
    struct or enum (.c/.h), a label (.S), a shell function (.sh), a Python
    def (.py), a CMake function or the first argument of a command such as
    add_test(NAME name ...) or tally_qemu_test(name ...) (.cmake,
    CMakeLists.txt), a symbol or section of a linker script (.ld);
  - `path` alone, when it starts with a directory of this repository
    (src/, tests/, scripts/, docs/, tools/, linker/, cmake/): it must exist
    (a trailing / means a directory; * globs must match something);
  - relative Markdown links [text](path) must point at an existing file.
Fenced code blocks are commands and output, not citations: skipped.
Renaming a function then fails this test instead of misleading a reader.
"""
import pathlib, re, sys

REPO_DIRS = ("src/", "tests/", "scripts/", "docs/", "tools/", "linker/", "cmake/", ".ci/")
CITE = re.compile(r"^([\w./+-]+\.(?:c|h|S|sh|py|cmake|ld|txt|json|md|in)|CMakeLists\.txt):([A-Za-z_][\w-]*)(?:\(\))?$")
SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def defines(path: pathlib.Path, name: str) -> bool:
    """Does the file at path define name?"""
    text = path.read_text(errors="replace")
    n = re.escape(name)
    suffix = path.suffix
    if path.name == "CMakeLists.txt" or suffix == ".cmake":
        return re.search(rf"^\s*(?:function|macro)\(\s*{n}\b", text, re.M | re.I) is not None or \
            re.search(rf"^\s*\w+\(\s*(?:NAME\s+)?{n}[\s)]", text, re.M) is not None
    if suffix == ".S":
        return re.search(rf"^\s*{n}:", text, re.M) is not None
    if suffix == ".sh":
        return re.search(rf"^\s*(?:function\s+)?{n}\s*\(\)", text, re.M) is not None
    if suffix == ".py":
        return re.search(rf"^\s*(?:def|class)\s+{n}\b", text, re.M) is not None
    if suffix == ".ld":
        return re.search(rf"(^|[\s;]){n}\s*[=:]", text, re.M) is not None
    if suffix in (".c", ".h", ".in"):
        if re.search(rf"^\s*#\s*define\s+{n}\b", text, re.M):
            return True
        if re.search(rf"^(?:typedef\s+)?(?:struct|enum|union)\s+{n}\s*\{{", text, re.M):
            return True
        if re.search(rf"^\}}\s*{n}\s*;", text, re.M):
            return True
        # An object defined at file scope: "... name = ..." or "... name[...] = ...".
        if re.search(rf"^[A-Za-z_][^;(\n]*\b{n}\s*(?:\[[^\]]*\])?\s*=", text, re.M):
            return True
        # A function definition: "name(" at file scope, then "{" before any ";".
        for m in re.finditer(rf"^[A-Za-z_][^;\n]*?\b{n}\s*\(", text, re.M):
            rest = text[m.end():]
            semi, brace = rest.find(";"), rest.find("{")
            if brace != -1 and (semi == -1 or brace < semi):
                return True
        # An enumerator (e.g. a PMU event code): "NAME," or "NAME =" inside an enum.
        for body in re.findall(r"\benum\b[^{;]*\{(.*?)\}", text, re.S):
            if re.search(rf"(?:^|[,{{\s]){n}\s*(?:=|,|$)", body, re.M):
                return True
        return False
    return re.search(rf"\b{n}\b", text) is not None


def strip_fences(text: str) -> str:
    out, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced or line.startswith("    ") else line)
    return "\n".join(out)


def check_text(root: pathlib.Path, doc: pathlib.Path, text: str):
    """Return (number of citations checked, list of problems)."""
    problems, checked = [], 0
    body = strip_fences(text)
    for lineno, line in enumerate(body.splitlines(), 1):
        where = f"{doc}:{lineno}"
        for span in SPAN.findall(line):
            span = span.strip()
            m = CITE.match(span)
            if m:
                path, name = root / m.group(1), m.group(2)
                checked += 1
                if not path.is_file():
                    problems.append(f"{where}: `{span}`: no file {m.group(1)}")
                elif not defines(path, name):
                    problems.append(f"{where}: `{span}`: {m.group(1)} does not define {name}")
                continue
            if span.startswith(REPO_DIRS) and re.fullmatch(r"[\w./*+-]+", span):
                checked += 1
                if "*" in span:
                    if not list(root.glob(span)):
                        problems.append(f"{where}: `{span}`: matches no file")
                elif not (root / span).exists():
                    problems.append(f"{where}: `{span}`: no such file or directory")
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target):
                continue          # http:, https:, mailto:
            checked += 1
            if not (doc.parent / target).exists():
                problems.append(f"{where}: link ({target}): no such file")
    return checked, problems


def self_test(root: pathlib.Path):
    """The checker must catch what it claims to catch."""
    doc = root / "README.md"
    good = ("`src/sbi_ecall.c:sbi_ecall` `src/arch/entry.S:trap_entry` `src/pmu/pmu.h:PMU_CFG_AUTO_START` "
            "`src/pmu/pmu.c:pmu_counter_start()` `src/platform/cva6/pmu_cva6.c:pmu_cva6` "
            "`src/platform/` [x](docs/pmu.md)\n```\n`src/nothing.c:nothing`\n```\n")
    bad = {
        "`src/sbi_ecall.c:no_such_function`": "does not define",
        "`src/no_such_file.c:sbi_ecall`": "no file",
        "`src/arch/entry.S:no_such_label`": "does not define",
        "`src/pmu/pmu.h:pmu_counter_start`": "does not define",   # a prototype is no definition
        "`tests/no_such_dir/`": "no such file",
        "[x](docs/no_such.md)": "no such file",
    }
    n, p = check_text(root, doc, good)
    if p or n != 7:
        sys.exit(f"check_citations self-test: good text gave {n} citations, {p}")
    for text, why in bad.items():
        _, p = check_text(root, doc, text + "\n")
        if len(p) != 1 or why not in p[0]:
            sys.exit(f"check_citations self-test: {text} gave {p}, expected '{why}'")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1]).resolve()
    self_test(root)
    docs = [root / "README.md"] + sorted((root / "docs").glob("*.md")) + \
        sorted((root / "docs" / "boards").glob("*.md"))
    total, problems = 0, []
    for doc in docs:
        if not doc.is_file():
            problems.append(f"{doc}: missing")
            continue
        n, p = check_text(root, doc, doc.read_text())
        total += n
        problems += [x.replace(str(root) + "/", "") for x in p]
        print(f"{doc.relative_to(root)}: {n} citations")
    for x in problems:
        print(x)
    print(f"{total} citations in {len(docs)} documents, {len(problems)} broken")
    sys.exit(1 if problems or total == 0 else 0)


if __name__ == "__main__":
    main()
