#!/usr/bin/env bash
# Every check the project has, in order: types, unit and integration tests, browser tests.
# Runs them all even when one fails, so one run shows every failure; exits non-zero if any did.
# Each step prints how long it took, and the end the whole run's time.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
status=0
started=$SECONDS
step_started=$SECONDS

step() { echo; echo "== $1"; step_started=$SECONDS; }
took() { echo "-- $1 took $((SECONDS - step_started)) s"; }

step "format and lint (biome ci)"
npx biome ci || status=1
took "format and lint"

step "typecheck (tsc --noEmit)"
npx tsc --noEmit || status=1
took typecheck

# The typecheck above checked every file the compile emits, with the same options: the compile
# only emits (the same output, in a third of the time).
step "compile the CLI (tsc --noCheck, then the bundle)"
{ npx tsc -p tsconfig.build.json --noCheck && node scripts/bundle-cli.mjs; } || status=1
took compile

# The HTML validity test runs the W3C Nu checker, a Java program; install a runtime if there is none.
if ! command -v java >/dev/null 2>&1 && [ -z "${JAVA_HOME:-}" ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "No Java found: installing Debian's default-jre-headless for the HTML validity test..."
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; } >/dev/null || status=1
elif ! command -v java >/dev/null 2>&1 && [ -z "${JAVA_HOME:-}" ]; then
  echo "No Java found, which the HTML validity test needs: install a Java runtime (Debian or Ubuntu: sudo apt-get install default-jre-headless), or set JAVA_HOME." >&2
  status=1
fi

step "unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=1
took vitest

# Firefox, WebKit and the Malayalam font phones have, from the platform's packages (installed on
# Debian as root when missing). The font is needed by the Playwright suite too.
step "browser engines and fonts (scripts/find-engines.sh)"
engines_ready=0
if engines=$(bash scripts/find-engines.sh); then
  while IFS= read -r assignment; do export "${assignment?}"; done <<<"$engines"
  echo "$engines"
  engines_ready=1
else
  echo "Firefox, WebKit or the Malayalam font is missing and could not be installed, so the cross-engine tests cannot run." >&2
  status=1
fi
took "engines and fonts"

if [ -f playwright.config.ts ]; then
  step "browser tests (playwright, headless chromium)"
  if ! CHROME_PATH="$(bash scripts/find-chromium.sh)"; then
    echo "No Chromium could be found or installed, so the browser tests cannot run." >&2
    status=1
  else
    export CHROME_PATH
    echo "Chromium: $CHROME_PATH"
    npx playwright test || status=1
  fi
  took playwright
fi

step "the shared checks in Chromium, Firefox and WebKit (vitest.engines.config.ts)"
if [ "$engines_ready" = 1 ]; then
  npx vitest run --config vitest.engines.config.ts --reporter=default --reporter=json --outputFile.json=test-results/engines.json || status=1
else
  echo "Skipped: the engines are missing (see above); this run fails." >&2
  status=1
fi
took engines

echo
echo "== npm test took $((SECONDS - started)) s in all (each file's share: npm run test:times)"
exit $status
