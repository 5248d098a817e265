#!/usr/bin/env bash
# Runs the test files it is given, and only after finding every one of them. vitest takes its
# arguments as filters and runs whatever matches the others, so a test file renamed or deleted
# would drop out of the run without a word, and the run would still pass.
#   usage: scripts/run-listed-tests.sh <test file>...
set -uo pipefail
missing=0
for file in "$@"; do
  if [ ! -f "$file" ]; then
    echo "The test file $file is not there, so its checks would not run. Put the file back, or take its name out of the list in package.json." >&2
    missing=1
  fi
done
[ "$missing" = 0 ] || exit 1
exec vitest run "$@"
