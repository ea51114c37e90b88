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

A fenced block whose info string names a file after the language
(```asm src/arch/entry.S) quotes that file: its lines, whitespace aside,
must be consecutive lines of the file, a line "..." skipping any number
of them, so a quote cannot drift from the code. Every ```asm block is a
quote and must name its file.

A QEMU command line in a document that boots a preset's build
(`qemu-system-riscvNN ... -bios .../build/PRESET[-suffix]/...`) gives the
-cpu that preset's tests use (TALLY_QEMU_CPU in CMakePresets.json), or
none where that is QEMU's default (rv64, rv32): a reader who copies it
gets the hart the tests boot (a CVA6 stand-in without h=false has H).

Privileged-spec sections, in those documents, tests/README.md and every
source file under src/, are cited as `priv spec 3.1.12 "Machine
Counter-Inhibit CSR"` (several: `priv spec 3.1.6.1 "...", 4.1.1 "..."`),
numbered as in one version, Privileged Architecture 1.12, whose sections
tests/docs/priv-1.12-sections.txt lists. The number must be a section of
that version and the title that section's (its words, at least), so a
number from another version fails; so does a number without its title or
a title without its number. In a Markdown table whose last column is
"priv spec", each cell of that column is "3.1.8 Title[, 4.1.5 Title]".
"""
import bisect, json, pathlib, re, sys

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


FENCE = re.compile(r"^```(\w*)(?:[ \t]+(\S+))?[ \t]*$")


def quoted(lines, source):
    """The first quoted line not found in source where the quote needs it, or None."""
    norm = lambda l: " ".join(l.split())
    src = [norm(l) for l in source.splitlines() if l.strip()]
    segments, cur = [], []
    for line in lines:
        if norm(line) == "...":
            segments.append(cur)
            cur = []
        elif line.strip():
            cur.append(norm(line))
    segments.append(cur)
    at = 0
    for seg in (s for s in segments if s):
        n = len(seg)
        hit = next((i for i in range(at, len(src) - n + 1) if src[i:i + n] == seg), None)
        if hit is None:
            # Name the first line of the segment that breaks the run.
            for k in range(n, 0, -1):
                if any(src[i:i + k] == seg[:k] for i in range(at, len(src) - k + 1)):
                    return seg[k] if k < n else seg[0]
            return seg[0]
        at = hit + n
    return None


def check_quotes(root: pathlib.Path, name: str, text: str):
    """(quotes checked, problems) of the fenced blocks that quote a file."""
    problems, checked, block = [], 0, None
    for lineno, line in enumerate(text.splitlines(), 1):
        if block is None:
            m = FENCE.match(line.strip()) if line.lstrip().startswith("```") else None
            if m:
                block = (lineno, m.group(1), m.group(2), [])
            continue
        if not line.lstrip().startswith("```"):
            block[3].append(line)
            continue
        start, lang, path, lines = block
        block = None
        if path is None:
            if lang == "asm":
                problems.append(f"{name}:{start}: an asm block quotes the firmware: "
                                f"name its file (```asm src/arch/entry.S)")
            continue
        checked += 1
        f = root / path
        if not f.is_file():
            problems.append(f"{name}:{start}: quote of {path}: no such file")
            continue
        miss = quoted(lines, f.read_text(errors="replace"))
        if miss is not None:
            problems.append(f"{name}:{start}: quote of {path}: not in it as quoted: {miss}")
    return checked, problems


def preset_cpus(root: pathlib.Path):
    """preset -> the -cpu its QEMU tests use (CMakePresets.json, inherits followed)."""
    default = re.search(r'set\(TALLY_QEMU_CPU "([^"]+)"', (root / "cmake" / "firmware.cmake").read_text())
    presets = {p["name"]: p for p in json.loads((root / "CMakePresets.json").read_text())["configurePresets"]}

    def cpu(name):
        p = presets[name]
        if "TALLY_QEMU_CPU" in p.get("cacheVariables", {}):
            return p["cacheVariables"]["TALLY_QEMU_CPU"]
        parents = p.get("inherits", [])
        for parent in [parents] if isinstance(parents, str) else parents:
            if cpu(parent):
                return cpu(parent)
        return None
    return {name: cpu(name) or default.group(1) for name in presets}


QEMU_BOOT = re.compile(r"qemu-system-riscv(32|64)\b.*?-bios\s+\S*?\bbuild/([\w.-]+)/")


def check_qemu_cpus(cpus, name: str, text: str):
    """Problems with the -cpu of QEMU command lines that boot a preset's build."""
    problems, lines = [], []
    for lineno, line in enumerate(text.splitlines(), 1):     # join "\\" continuations
        if lines and lines[-1][1].endswith("\\"):
            lines[-1] = (lines[-1][0], lines[-1][1][:-1] + " " + line)
        else:
            lines.append((lineno, line))
    for lineno, line in lines:
        m = QEMU_BOOT.search(line)
        if not m:
            continue
        folder = m.group(2)
        preset = max((p for p in cpus if folder == p or folder.startswith(p + "-")), key=len, default=None)
        if preset is None:
            continue
        given = re.search(r"-cpu\s+(\S+)", line)
        cpu = given.group(1) if given else "rv" + m.group(1)
        if cpu != cpus[preset]:
            problems.append(f"{name}:{lineno}: boots build/{folder}/ with -cpu {cpu}"
                            f"{'' if given else ' (QEMU default)'}; preset {preset}'s tests use -cpu {cpus[preset]}")
    return problems


PRIV = re.compile(r"\bpriv(?:ileged)?(?:[ -]spec)?\b")
PRIV_ITEM = re.compile(r'\s*,?\s*(\d+(?:\.\d+)*)\s*,?\s*(?:"([^"]+)")?')
PRIV_MORE = re.compile(r"\s*(?:,|and)\s*(?=\d)")
# Line breaks inside a comment or paragraph: joined to one space.
JOIN = re.compile(r"[ \t]*\n[ \t]*(?:\*(?!/)|//|#)?[ \t]*")


def priv_sections(root: pathlib.Path):
    """number -> title, from tests/docs/priv-1.12-sections.txt."""
    out = {}
    for line in (root / "tests" / "docs" / "priv-1.12-sections.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            num, title = line.split("\t", 1)
            out[num] = title
    return out


def words(title: str):
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", title.lower())}


def check_section(sections, num, title, where):
    if num not in sections:
        return [f"{where}: priv spec {num}: no such section in Privileged Architecture 1.12"]
    if title is None:
        return [f"{where}: priv spec {num}: give its title too (\"{sections[num]}\")"]
    if not words(title) <= words(sections[num]):
        return [f"{where}: priv spec {num} \"{title}\": {num} is \"{sections[num]}\" in 1.12"]
    return []


def check_priv(sections, name: str, text: str):
    """Problems with the privileged-spec citations of one text."""
    # Join lines (and comment leaders) so a citation may wrap; keep a map
    # back to line numbers.
    starts, flat, pos = [], [], 0
    for m in JOIN.finditer(text):
        starts.append((sum(len(x) for x in flat), pos))
        flat.append(text[pos:m.start()] + " ")
        pos = m.end()
    starts.append((sum(len(x) for x in flat), pos))
    flat.append(text[pos:])
    flat = "".join(flat)
    keys = [a for a, _ in starts]

    def line_of(i):
        k = bisect.bisect_right(keys, i) - 1
        return text.count("\n", 0, starts[k][1]) + 1

    problems, cited, lines = [], set(), text.splitlines()
    for m in PRIV.finditer(flat):
        where = f"{name}:{line_of(m.start())}"
        rest = flat[m.end():]
        if re.match(r'\s*,?\s*"', rest):
            problems.append(f"{where}: priv spec \"...\": give the section number too")
            continue
        at = 0
        while True:
            it = PRIV_ITEM.match(rest, at)
            if not it or not it.group(1) or "." not in it.group(1) and not it.group(2):
                break          # no section number here: a mention, not a citation
            problems += check_section(sections, it.group(1), it.group(2), where)
            cited.add(m.end() + it.start(1))
            more = PRIV_MORE.match(rest, it.end())
            if not more:
                break
            at = more.end()
    # A section number near a mention of the priv spec but not cited as
    # above ("the priv spec lets ... (3.1.11)") is a citation the reader
    # cannot check: it must take the form above.
    for m in re.finditer(r"(?<![\d.])\d+\.\d+\.\d+(?:\.\d+)*(?![\d.]*\d)", flat):
        table_row = lines[line_of(m.start()) - 1].startswith("|")   # checked below
        if m.start() not in cited and not table_row and \
                PRIV.search(flat[max(0, m.start() - 100):m.start()]):
            problems.append(f"{name}:{line_of(m.start())}: {m.group(0)}: cite it as "
                            f"priv spec {m.group(0)} \"Title\"")
    # Tables with a "priv spec" column.
    col = None
    for lineno, line in enumerate(text.splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells is None:
            col = None
        elif cells[-1].lower() == "priv spec":
            col = len(cells) - 1
        elif col is not None and not set(cells[-1]) <= set("-: ") and len(cells) > col:
            for item in cells[col].split(","):
                it = re.match(r"\s*(\d+(?:\.\d+)*)\s*(.*)$", item)
                if it:
                    problems += check_section(sections, it.group(1), it.group(2) or "",
                                              f"{name}:{lineno}")
    return problems


def self_test(root: pathlib.Path):
    """The checker must catch what it claims to catch."""
    doc = root / "README.md"
    good = ("`src/sbi/sbi_ecall.c:sbi_ecall` `src/arch/entry.S:trap_entry` `src/base/sbi_spec.h:PMU_CFG_AUTO_START` "
            "`src/cores/pmu/pmu.c:pmu_counter_start()` `src/platform/cva6/pmu_cva6.c:pmu_cva6` "
            "`src/platform/` [x](docs/pmu.md)\n```\n`src/nothing.c:nothing`\n```\n")
    bad = {
        "`src/sbi/sbi_ecall.c:no_such_function`": "does not define",
        "`src/no_such_file.c:sbi_ecall`": "no file",
        "`src/arch/entry.S:no_such_label`": "does not define",
        "`src/cores/pmu/pmu.h:pmu_counter_start`": "does not define",   # a prototype is no definition
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
    sections = priv_sections(root)
    good = ('/* mcountinhibit (priv spec 3.1.12 "Machine Counter-Inhibit CSR") */\n'
            ' * (priv spec 3.1.6.1 "Privilege and Global Interrupt-Enable Stack", 4.1.1\n'
            ' * "Supervisor Status Register"): the privileged spec (see below), Privileged Architecture 1.12\n'
            '| CSR | priv spec |\n|---|---|\n| mtvec | 3.1.7 Machine Trap-Vector Base-Address |\n')
    if check_priv(sections, "good", good):
        sys.exit(f"check_citations self-test: {check_priv(sections, 'good', good)}")
    bad = {
        '(priv spec 3.1.13 "Machine Counter-Inhibit CSR")': "is \"Machine Scratch",   # 1.11's number
        '(priv spec 3.1.20 "Machine Nothing")': "no such section",
        '(priv spec 3.1.11)': "give its title",
        '(priv spec "Machine Cause Register")': "give the section number",
        '(priv spec 3.1.12 "Machine Counter-Inhibit CSR", 3.1.11 "Machine Counter-Inhibit CSR")': "is \"Machine Counter-Enable",
        '| CSR | priv spec |\n|---|---|\n| mtvec | 3.1.13 Machine Trap-Vector |': "is \"Machine Scratch",
        'the priv spec lets them be read-only zero (3.1.11)': "cite it as",
    }
    for text, why in bad.items():
        p = check_priv(sections, "bad", text + "\n")
        if len(p) != 1 or why not in p[0]:
            sys.exit(f"check_citations self-test: {text} gave {p}, expected '{why}'")
    good = ("```asm src/arch/entry.S\ntrap_entry:\n    csrrw   sp, mscratch, sp     "
            "/* sp = this hart's frame, mscratch = caller's sp */\n    ...\nrestore:\n```\n"
            "```c src/base/sbi.h\nstatic inline uint64_t sbi_arg64(unsigned long lo, unsigned long hi)\n```\n"
            "```c\nint main(void) { return 0; }\n```\n```sh\nls\n```\n")
    n, p = check_quotes(root, "good", good)
    if p or n != 2:
        sys.exit(f"check_citations self-test: good quotes gave {n} quotes, {p}")
    bad = {
        "```asm src/arch/entry.S\ntrap_entry:\n    j ecall_return\n```": "not in it as quoted: j ecall_return",
        "```asm src/arch/entry.S\nrestore:\n...\ntrap_entry:\n```": "not in it as quoted: trap_entry:",  # order
        "```asm src/arch/nothing.S\nmret\n```": "no such file",
        "```asm\nmret\n```": "name its file",
    }
    for text, why in bad.items():
        _, p = check_quotes(root, "bad", text + "\n")
        if len(p) != 1 or why not in p[0]:
            sys.exit(f"check_citations self-test: {text!r} gave {p}, expected '{why}'")
    cpus = {"qemu-virt-rv64": "rv64", "qemu-virt-rv32": "rv32", "cva6-rv64": "rv64,pmu-num=6,h=false"}
    good = ("qemu-system-riscv64 -M virt -nographic -bios build/qemu-virt-rv64/tally.bin -kernel x.elf\n"
            "qemu-system-riscv32 -M virt -bios $TALLY/build/qemu-virt-rv32-payload/tally.bin\n"
            "qemu-system-riscv64 -M virt -cpu rv64,pmu-num=6,h=false -m 128M \\\n"
            "    -bios build/cva6-rv64/tally-qemu.bin -kernel build/cva6-rv64/tests/payload/cva6.elf\n"
            "qemu-system-riscv64 -M virt -cpu rv64,sscofpmf=true -bios .../tally.bin\n")
    if check_qemu_cpus(cpus, "good", good):
        sys.exit(f"check_citations self-test: {check_qemu_cpus(cpus, 'good', good)}")
    for text in ("qemu-system-riscv64 -M virt -cpu rv64,pmu-num=6 -bios build/cva6-rv64/tally-qemu.bin",
                 "qemu-system-riscv64 -M virt \\\n  -bios build/cva6-rv64/tally-qemu.bin",
                 "qemu-system-riscv64 -M virt -bios build/qemu-virt-rv32/tally.bin"):
        p = check_qemu_cpus(cpus, "bad", text + "\n")
        if len(p) != 1 or "tests use -cpu" not in p[0]:
            sys.exit(f"check_citations self-test: {text!r} gave {p}, expected a -cpu problem")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1]).resolve()
    self_test(root)
    docs = [root / "README.md", root / "tests" / "README.md"] + sorted((root / "docs").glob("*.md")) + \
        sorted((root / "docs" / "boards").glob("*.md"))
    total, nquotes, problems, cpus = 0, 0, [], preset_cpus(root)
    for doc in docs:
        if not doc.is_file():
            problems.append(f"{doc}: missing")
            continue
        n, p = check_text(root, doc, doc.read_text())
        total += n
        problems += [x.replace(str(root) + "/", "") for x in p]
        problems += check_qemu_cpus(cpus, str(doc.relative_to(root)), doc.read_text())
        q, p = check_quotes(root, str(doc.relative_to(root)), doc.read_text())
        nquotes += q
        problems += p
        print(f"{doc.relative_to(root)}: {n} citations")
    # Privileged-spec sections: the documents and every source file.
    sections, npriv = priv_sections(root), 0
    sources = [d for d in docs if d.is_file()] + sorted(
        f for f in (root / "src").rglob("*") if f.suffix in (".c", ".h", ".S", ".in"))
    for f in sources:
        text = f.read_text(errors="replace")
        if f.suffix == ".md":
            text = strip_fences(text)
        npriv += len(PRIV.findall(text))
        problems += check_priv(sections, str(f.relative_to(root)), text)
    print(f"{len(sources)} files read for privileged-spec citations (Privileged Architecture 1.12)")
    print(f"{nquotes} code quotes compared with their files")
    for x in problems:
        print(x)
    print(f"{total} citations in {len(docs)} documents, {len(problems)} broken")
    sys.exit(1 if problems or total == 0 else 0)


if __name__ == "__main__":
    main()
