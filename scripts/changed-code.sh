#!/usr/bin/env bash
# Says whether a push changed anything besides the content: prints `code=true` or `code=false`
# for $GITHUB_OUTPUT, and the files that decided it on stderr. A push that only edits content/
# is published once the content checks pass; any other change waits for the whole test suite.
# When the commits before the push are unknown (a new branch, a forced push, a run started by
# hand, a shallow clone) it says `code=true`, so nothing untested is ever published.
#   usage: scripts/changed-code.sh <commit before the push>
set -uo pipefail
before=${1:-}

if [ -z "$before" ] || [ -z "${before//0/}" ] || ! git cat-file -e "$before^{commit}" 2>/dev/null; then
  echo "The commit before this push is not known here, so the whole test suite runs." >&2
  echo "code=true"
  exit 0
fi
# --no-renames lists a moved file under its old name as well as its new one: a file moved from the
# code into content/ is a change to the code. Deleted files are listed by their names too.
if ! changed=$(git -c core.quotePath=false diff --no-renames --name-only "$before" HEAD); then
  echo "git could not compare $before with this commit, so the whole test suite runs." >&2
  echo "code=true"
  exit 0
fi
outside=$(printf '%s\n' "$changed" | grep -v -e '^content/' -e '^$' || true)
if [ -n "$outside" ]; then
  echo "Changed outside content/, so the whole test suite runs before publishing:" >&2
  printf '%s\n' "$outside" | sed 's/^/  /' >&2
  echo "code=true"
else
  echo "Only content/ changed: the content checks decide." >&2
  echo "code=false"
fi
