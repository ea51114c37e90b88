# SPDX-License-Identifier: BSD-2-Clause
"""The self-test both source checks run: a clean tree must pass, and each
offending file, added alone to it, must be the one file reported."""
import pathlib
import tempfile


def clean_then_each_bad(offenders, clean, bad):
    """offenders(root) -> the offending files, as paths from the root (str)."""
    with tempfile.TemporaryDirectory() as d:
        for name, text in clean.items():
            p = pathlib.Path(d) / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        if offenders(d):
            print("self-test FAILED: a clean tree was reported:", offenders(d))
            return 1
        for name, text in bad.items():
            p = pathlib.Path(d) / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
            got = offenders(d)
            if got != [name]:
                print(f"self-test FAILED: {name} gave {got}")
                return 1
            p.unlink()
    print("self-test: a clean tree passes, each of", len(bad), "offending files fails")
    return 0
