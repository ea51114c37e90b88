#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The "add a board" checklist, checked for every board in the tree.

A board is a .c file under src/platform/ that defines
`const struct platform platform`. Each one must be
  1. built into a firmware image: a configure preset in CMakePresets.json
     names it (TALLY_PLATFORM + TALLY_BOARD, or the platform's own *.c when
     there is no TALLY_BOARD), or tally_firmware(NAME BOARD board ...) in the
     platform's platform.cmake or a tests/ .cmake file builds an image of it;
  2. compiled unchanged by a host test against the fake device bus: it is
     a source in tests/host/CMakeLists.txt;
  3. data, not code: it defines no functions of its own. What a board does
     with its devices is written once (base/board.c, the
     drivers); a board that needs a new kind of device gets a driver.

    check_boards.py SOURCE_DIR [--pretend src/platform/x/boards/y.c]

--pretend adds a board file that exists nowhere else (the test that shows
this check can fail). Exits 1 and says which board misses what.
"""
import json
import pathlib
import re
import sys

# A function definition at file scope: a declarator line, then "{" (Tally's
# style puts a function's brace on its own line; one-liners end in "}").
FUNC_DEF = re.compile(r"^[A-Za-z_][\w \t\*]*\b(\w+)\s*\([^;{}]*\)\s*(\{|\n\{)", re.M)


def board_files(src):
    for path in sorted((src / "src" / "platform").rglob("*.c")):
        if re.search(r"\bconst\s+struct\s+platform\s+platform\s*=", path.read_text()):
            yield path.relative_to(src).as_posix()


def preset_boards(src):
    """Board files the configure presets (and tally_firmware images) build."""
    presets = {p["name"]: p for p in json.loads((src / "CMakePresets.json").read_text())["configurePresets"]}

    def cache(p):   # a preset's variables, inherited ones included (the first parent wins)
        parents = p.get("inherits", [])
        out = {}
        for parent in reversed([parents] if isinstance(parents, str) else parents):
            out.update(cache(presets[parent]))
        out.update(p.get("cacheVariables", {}))
        return out

    built = {}
    for p in presets.values():
        cv = cache(p)
        plat = cv.get("TALLY_PLATFORM")
        if p.get("hidden") or not plat:
            continue
        board = cv.get("TALLY_BOARD")
        if board:
            files = [f"src/platform/{plat}/boards/{board}.c"]
        else:   # the platform's own *.c (cmake/firmware.cmake globs them)
            files = [f.relative_to(src).as_posix()
                     for f in sorted((src / "src" / "platform" / plat).glob("*.c"))]
        for f in files:
            built.setdefault(f, []).append(f"preset {p['name']}")
        # More images of the same preset: tally_firmware(NAME BOARD board ...)
        # in the platform's platform.cmake or in the tests.
        cmakes = [src / "src" / "platform" / plat / "platform.cmake"] + sorted((src / "tests").rglob("*.cmake"))
        for cmake in cmakes:
            if not cmake.exists():
                continue
            for m in re.finditer(r"^\s*tally_firmware\(\s*(\S+)\s+BOARD\s+(\w+)", cmake.read_text(), re.M):
                f = f"src/platform/{plat}/boards/{m.group(2)}.c"
                if (src / f).exists():
                    built.setdefault(f, []).append(f"{m.group(1)} image of preset {p['name']}")
    return built


def host_tested(src):
    text = (src / "tests" / "host" / "CMakeLists.txt").read_text()
    return {"src/" + m for m in re.findall(r"\b(platform/[\w-]+/(?:boards/)?[\w-]+\.c)\b", text)}


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    src = pathlib.Path(argv[1]).resolve()
    boards = list(board_files(src))
    pretend = argv[argv.index("--pretend") + 1] if "--pretend" in argv else None
    if pretend:
        boards.append(pretend)
    built, tested = preset_boards(src), host_tested(src)
    bad = 0
    for b in boards:
        text = "" if b == pretend else (src / b).read_text()
        funcs = [m.group(1) for m in FUNC_DEF.finditer(text)]
        missing = []
        if b not in built:
            missing.append("no preset (or tally_firmware image) builds it")
        if b not in tested:
            missing.append("no host test in tests/host/CMakeLists.txt compiles it")
        if funcs:
            missing.append("it defines functions (" + ", ".join(funcs) +
                           "): a board is data; put device code in a driver")
        if missing:
            bad += 1
            print(f"{b}: " + "; ".join(missing))
        else:
            print(f"{b}: ok ({'; '.join(built[b])}; host-tested)")
    print(f"{len(boards)} boards, {bad} incomplete")
    return 1 if bad or not boards else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
