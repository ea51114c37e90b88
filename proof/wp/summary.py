#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""One configuration's WP log as one line; exit 1 on a goal WP did not prove
that the known-unproved list (one goal a line: name, configurations, reason)
does not name for this configuration.

Usage: summary.py CONFIG WP_LOG[,WP_LOG...] KNOWN_UNPROVED SECONDS
"""
import re
import sys

GOAL = re.compile(r"^\[wp\] \[([^\]]+)\] Goal (\S+)(?: : (\S+))?")


def known(path, cfg):
    out = {}
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) < 3:
            sys.exit("%s:%d: want: goal configurations reason" % (path, n))
        goal, cfgs, reason = parts
        if cfgs == "all" or cfg in cfgs.split(","):
            out[goal] = reason
    return out


def main():
    cfg, log, known_path, secs = sys.argv[1:5]
    status = {}
    for path in log.split(","):
        for line in open(path):
            m = GOAL.match(line)
            if m:
                status[m.group(2)] = m.group(3) == "Valid" and m.group(1) != "Failed"
    if not status:
        print("%s: no goals in %s" % (cfg, log))
        return 1
    expected = known(known_path, cfg)
    unproved = sorted(g for g, ok in status.items() if not ok)
    new = [g for g in unproved if g not in expected]
    now_proved = sorted(g for g in expected if status.get(g))
    proved = len(status) - len(unproved)
    line = "%s: %d / %d goals proved in %ss" % (cfg, proved, len(status), secs)
    if unproved:
        line += "; unproved (%d known): %s" % (len(unproved) - len(new), " ".join(
            g + ("" if g in expected else " [NEW]") for g in unproved))
    print(line)
    if now_proved:
        print("%s: proved now, remove from the known list: %s" % (cfg, " ".join(now_proved)))
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
