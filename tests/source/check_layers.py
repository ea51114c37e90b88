#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Fail if a firmware file includes from, or calls into, a layer above its own.

src/ is one folder per layer (docs/architecture.md), top to bottom:
boot, trap, sbi, hart, cores, platform, drivers, base, then arch and lib
side by side at the bottom. A file may include headers of its own layer
and of the layers below it; every include names its layer ("base/mem.h"),
so the check reads include lines. The generated tally_config.h belongs
to no layer: anyone may include it. System headers (<...>) are not the
firmware's. An include is not the only arrow: a header of a low layer
may declare a function that a higher layer defines. So the check also
reads every C function definition and every call, and fails a call
whose function is defined only in layers above the caller's.

    check_layers.py SOURCE_DIR     check SOURCE_DIR/src
    check_layers.py --self-test    prove that the check can fail
"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from selftest import clean_then_each_bad  # noqa: E402

LAYERS = ["boot", "trap", "sbi", "hart", "cores", "platform", "drivers", "base", "arch|lib"]
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names.split("|")}
FREE = {"tally_config.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
# A definition starts a line: type and name, parameters, then its body.
DEFINITION = re.compile(r'^(?![\s#])[^;{}()=]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)'
                        r'(?:\s*__attribute__\s*\(\(.*?\)\))?\s*\{', re.M | re.S)
CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')


def layer_of(rel):
    return RANK.get(rel.parts[0]) if len(rel.parts) > 1 else None


def code_of(path):
    """The file with comments and string and character literals blanked."""
    return COMMENT.sub(lambda m: " " * len(m.group(0)) if "\n" not in m.group(0)
                       else "\n" * m.group(0).count("\n"), path.read_text(errors="replace"))


def upward_calls(src, files):
    """(file, line, why) for every call to a function defined only above the caller."""
    defined = {}   # name -> the layers that define it
    code = {}
    for path in files:
        rel = path.relative_to(src)
        if path.suffix == ".S" or layer_of(rel) is None:
            continue
        code[rel] = code_of(path)
        for m in DEFINITION.finditer(code[rel]):
            defined.setdefault(m.group(1), set()).add(layer_of(rel))
    found = []
    for rel, text in code.items():
        own = layer_of(rel)
        depth, at = 0, 0
        for m in CALL.finditer(text):
            # a call is inside a body; outside, the name is declared or defined
            depth += text.count("{", at, m.start()) - text.count("}", at, m.start())
            at = m.start()
            if depth <= 0:
                continue
            where = defined.get(m.group(1))
            if where and min(where) < own and not any(r >= own for r in where):
                line = text.count("\n", 0, m.start()) + 1
                owner = LAYERS[max(where)].split("|")[0]
                found.append((rel, line, f"calls {m.group(1)}(), defined only in {owner}, "
                              f"a layer above {rel.parts[0]}"))
    return found


def offenders(root):
    """(file, line, why) for every include that reaches up or names no layer."""
    src = pathlib.Path(root) / "src"
    found = []
    files = [p for p in sorted(src.rglob("*")) if p.suffix in (".c", ".h", ".S")]
    for path in files:
        rel = path.relative_to(src)
        own = layer_of(rel)
        if own is None:
            found.append((rel, 0, "is in no layer (src/<layer>/...)"))
            continue
        text = path.read_text(errors="replace")
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            if inc in FREE:
                continue
            layer = RANK.get(inc.split("/")[0]) if "/" in inc else None
            if layer is None:
                found.append((rel, line, f'includes "{inc}", which names no layer'))
            elif layer < own:
                found.append((rel, line, f'includes "{inc}" from {inc.split("/")[0]}, '
                              f"a layer above {rel.parts[0]}"))
    return found + upward_calls(src, files)


def self_test():
    """A tree that only looks down passes; each kind of offence fails."""
    clean = {
        "src/boot/init.c": '#include "trap/trap.h"\n#include "base/mem.h"\n#include "tally_config.h"\n',
        "src/sbi/sbi_pmu.c": '#include "cores/pmu/pmu.h"\n#include <stdint.h>\n#include "sbi/x.h"\n',
        "src/arch/entry.S": '#include "arch/riscv.h"\n#include "lib/fdt.h"\n',
        "src/lib/fdt.c": '#include "arch/riscv.h"\n',
        "src/platform/board.c": "void board_reset(int t)\n{\n\tfor (;;)\n\t\t;\n}\n",
        "src/base/console.c": "void board_reset(int t);\nstatic void put(char c) { (void)c; }\n"
                              "void console_putc(char c)\n{\n\tput(c); /* board_reset(0) */\n}\n",
        "src/boot/main.c": "void tally_boot(void)\n{\n\tboard_reset(0);\n\tconsole_putc('x');\n}\n",
    }
    bad = {
        "src/base/mem.c": '#include "hart/hart.h"\n',
        "src/cores/pmu/pmu.c": '#include "sbi/sbi_ext.h"\n',
        "src/drivers/uart.c": '#include "mem.h"\n',
        "src/arch/x.S": '#  include "drivers/clint.h"\n',
        "src/loose.c": "int x;\n",
        "src/base/panic.c": "void panic(void)\n{\n\tboard_reset(1);\n}\n",
    }
    return clean_then_each_bad(lambda d: [f"src/{f}" for f, _, _ in offenders(d)], clean, bad)


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if not (pathlib.Path(sys.argv[1]) / "src").is_dir():
        print(f"{sys.argv[1]}/src: no such folder (give the project root)")
        return 1
    found = offenders(sys.argv[1])
    for path, n, why in found:
        print(f"src/{path}:{n}: {why}")
    if found:
        print("Layers, top to bottom:", " > ".join(LAYERS), "(docs/architecture.md)")
        return 1
    print("every include and every call looks down:", " > ".join(LAYERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
