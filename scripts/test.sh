#!/usr/bin/env bash
# Every check the project has: types, unit and integration tests, browser tests.
# Runs them all even when one fails, so one run shows every failure; exits non-zero if any did.
# Each step prints how long it took, and the end the whole run's time.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
status=0
started=$SECONDS

step() { echo; echo "== $1"; }
took() { echo "-- $1 took $(($SECONDS - $2)) s"; }

# The typecheck needs one core and nothing else: it runs beside the compile and vitest (which
# leaves a core free on a two-core machine), and its report is printed once they are done.
typecheck_started=$SECONDS
# It writes its exit status and the second it ended, as the step's own time is not the wait for it.
{ npx tsc --noEmit > test-results/typecheck.log 2>&1; echo "$? $SECONDS" > test-results/typecheck.end; } &
typecheck=$!

step "compile the CLI (tsc, emit only: the typecheck checks the same files; then the bundle)"
compile_started=$SECONDS
{ npx tsc -p tsconfig.build.json --noCheck && node scripts/bundle-cli.mjs; } || status=1
took compile "$compile_started"

# The HTML validity test runs the W3C Nu checker, a Java program; install a runtime if there is none.
if ! command -v java >/dev/null 2>&1 && [ -z "${JAVA_HOME:-}" ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "No Java found: installing Debian's default-jre-headless for the HTML validity test..."
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; } >/dev/null || status=1
fi

step "unit and integration tests (vitest)"
vitest_started=$SECONDS
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=1
took vitest "$vitest_started"

step "typecheck (tsc --noEmit, run beside the compile and vitest)"
wait $typecheck
read -r typecheck_status typecheck_ended < test-results/typecheck.end
[ "$typecheck_status" = 0 ] || status=1
cat test-results/typecheck.log
echo "-- typecheck took $((typecheck_ended - typecheck_started)) s"
rm -f test-results/typecheck.end

if [ -f playwright.config.ts ]; then
  step "browser tests (playwright, headless chromium)"
  playwright_started=$SECONDS
  if ! CHROME_PATH="$(bash scripts/find-chromium.sh)"; then
    echo "No Chromium could be found or installed, so the browser tests cannot run." >&2
    status=1
  else
    export CHROME_PATH
    echo "Chromium: $CHROME_PATH"
    npx playwright test || status=1
  fi
  took playwright "$playwright_started"
fi

echo
echo "== npm test took $((SECONDS - started)) s in all (each file's share: npm run test:times)"
exit $status
