#!/bin/sh
# README is the front door: at most MAX lines (150); the rest lives in docs/.
#   check_readme_length.sh README [MAX]
n=$(wc -l < "$1") max=${2:-150}
if [ "$n" -le "$max" ]; then
  echo "check_readme_length: $1 has $n lines (at most $max)"
else
  echo "check_readme_length: $1 has $n lines, more than $max: move the detail to docs/"
  exit 1
fi
