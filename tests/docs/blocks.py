"""What the figure checks share: a generated block against the document's, line by line."""
import sys


def line_diffs(have, want, same):
    """(line number, document's line, measured line) for each line `same` rejects."""
    have, want = have.splitlines(), want.splitlines()
    out = []
    for i in range(max(len(have), len(want))):
        h = have[i] if i < len(have) else "(nothing)"
        w = want[i] if i < len(want) else "(nothing)"
        if not same(h, w):
            out.append((i + 1, h, w))
    return out


def self_test_verdict(wrong, ok):
    """Print a self-test's findings and its verdict; its exit status."""
    for w in wrong:
        print(f"self-test: {w}")
    print("self-test: " + ("FAIL" if wrong else f"ok ({ok})"))
    return 1 if wrong else 0


def command_line(self_test):
    """A check's arguments: --self-test runs self_test and exits with its
    status; otherwise (update, the rest), --update taken out."""
    args = sys.argv[1:]
    if args == ["--self-test"]:
        sys.exit(self_test())
    return "--update" in args, [a for a in args if a != "--update"]
