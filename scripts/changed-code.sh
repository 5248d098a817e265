#!/usr/bin/env bash
# Says whether a push changed anything besides the content: prints `code=true` or `code=false`
# for $GITHUB_OUTPUT, and the files that decided it on stderr. A push that only edits content/
# is published once the content checks pass; any other change waits for the whole test suite.
# When the commits before the push are unknown (a new branch, a forced push, a run started by
# hand, a shallow clone) it says `code=true`, so nothing untested is ever published, unless the
# commit under the pushed one was published (GitHub says so): then that one commit's changes decide.
#   usage: scripts/changed-code.sh <commit before the push>
set -uo pipefail
before=${1:-}

# True when GitHub says the site was published from commit $1 (its publish job succeeded): its code
# passed every check its own push needed. Asked with the run's token (GH_TOKEN) through gh.
published() {
  [ -n "${GH_TOKEN:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ] && command -v gh >/dev/null 2>&1 || return 1
  local count
  count=$(gh api "repos/$GITHUB_REPOSITORY/commits/$1/check-runs" \
    --jq '[.check_runs[] | select((.name == "cloudflare" or .name == "github-pages-upload") and .conclusion == "success")] | length' 2>/dev/null) || return 1
  [ "${count:-0}" -gt 0 ] 2>/dev/null
}

if [ -z "$before" ] || [ -z "${before//0/}" ] || ! git cat-file -e "$before^{commit}" 2>/dev/null; then
  # A branch made or moved in one push of one commit on top of a published one (the editor's
  # preview branch is): that commit's own changes decide.
  parent=$(git rev-parse -q --verify 'HEAD^' 2>/dev/null || true)
  if [ -n "$parent" ] && published "$parent"; then
    echo "The commit before this push is not known here; the one under it, $parent, was published, so this push is compared with it." >&2
    before=$parent
  else
    echo "The commit before this push is not known here, so the whole test suite runs." >&2
    echo "code=true"
    exit 0
  fi
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
