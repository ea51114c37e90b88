#!/usr/bin/env bash
# Frama-C over every configuration (docs/proof.md): install the tools if
# missing, then proof/prove.py with the arguments given (--selftest,
# --update, configuration names).
set -eu
cd "$(dirname "$0")/.."
./scripts/setup.sh
exec python3 proof/prove.py "$@"
