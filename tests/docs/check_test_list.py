#!/usr/bin/env python3
"""Check that tests/README.md lists every ctest test, and nothing else.

    check_test_list.py --build BUILD_DIR...   the tests of these builds
    check_test_list.py --all-presets          of every configure preset
                                              (configured where needed)
    check_test_list.py --print [BUILD_DIR...] each test with its labels

A test is listed when a row of a table whose first column is "test"
starts with its name in backquotes; `name[_m32]` lists name and name_m32 (the host tests'
32-bit builds). Every test of every build given must be listed. With
--all-presets the other way round is checked too: a row naming a test
that no preset registers is stale. The ctest tests-readme runs the first
form on its own build, in every preset; scripts/test.sh runs every preset.
"""
import json, pathlib, re, subprocess, sys

root = pathlib.Path(__file__).resolve().parents[2]
readme = root / "tests" / "README.md"
ROW = re.compile(r"^\|\s*`([\w.+-]+)(\[_m32\])?`")


def listed(text):
    """Test names a README text lists -> line number."""
    names, in_tests = {}, False
    for n, line in enumerate(text.splitlines(), 1):
        if not line.startswith("|"):
            in_tests = False
        elif re.match(r"^\|\s*test\s*\|", line):
            in_tests = True
        m = ROW.match(line)
        if m and in_tests:
            names[m.group(1)] = n
            if m.group(2):
                names[m.group(1) + "_m32"] = n
    return names


def tests_of(build):
    """{name: [labels]} of one build directory, from ctest itself."""
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build,
                         capture_output=True, text=True, check=True).stdout
    tests = {}
    for t in json.loads(out)["tests"]:
        labels = []
        for p in t.get("properties", []):
            if p["name"] == "LABELS":
                labels = p["value"]
        tests[t["name"]] = labels
    return tests


def self_test():
    """The parser must find rows of test tables only, [_m32] expanded."""
    text = ("| label | which |\n|---|---|\n| `pmu` | x |\n\n"
            "| test | file | proves |\n|---|---|---|\n| `a[_m32]` | f | p |\n| `b-c` | f | p |\n"
            "\n| `d` | not a table row after a blank line |\n")
    got = sorted(listed(text))
    if got != ["a", "a_m32", "b-c"]:
        sys.exit(f"check_test_list self-test: parsed {got}")


def presets():
    data = json.loads((root / "CMakePresets.json").read_text())
    return [p["name"] for p in data["configurePresets"] if not p.get("hidden")]


def main():
    args = sys.argv[1:]
    if not args or args[0] not in ("--build", "--all-presets", "--print"):
        sys.exit(__doc__)
    mode, builds = args[0], [pathlib.Path(a) for a in args[1:]]
    if mode == "--all-presets" or (mode == "--print" and not builds):
        builds = []
        for p in presets():
            b = root / "build" / p
            if not (b / "CMakeCache.txt").is_file():
                subprocess.run(["cmake", "--preset", p], cwd=root, check=True,
                               stdout=subprocess.DEVNULL)
            builds.append(b)
    self_test()
    rows = listed(readme.read_text())
    seen, problems = set(), []
    for b in builds:
        tests = tests_of(b)
        if mode == "--print":
            for name, labels in tests.items():
                print(f"{b.name:18} {name:32} {','.join(labels)}")
            continue
        for name in tests:
            seen.add(name)
            if name not in rows:
                problems.append(f"{b}: test {name} is not in tests/README.md")
        print(f"{b}: {len(tests)} tests, {sum(n in rows for n in tests)} listed")
    if mode == "--all-presets":
        for name, line in sorted(rows.items(), key=lambda x: x[1]):
            if name not in seen and not name.endswith("_m32"):
                problems.append(f"tests/README.md:{line}: {name} is a test of no preset")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problems: add a row for each new test to tests/README.md"
              " (name, file, what it proves), remove rows of tests that are gone")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
