"""What the figure checks share: a generated block against the document's, line by line."""


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
