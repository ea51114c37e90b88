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
