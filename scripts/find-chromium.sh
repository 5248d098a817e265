#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests: $CHROME_PATH, else Debian's, else
# Playwright's own. When there is none, installs one and says so on stderr; never skips silently.
set -uo pipefail

if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then echo "$CHROME_PATH"; exit 0; fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done
own=$(node -e "try{const p=require('playwright-core').chromium.executablePath();if(require('fs').existsSync(p))console.log(p)}catch{}" 2>/dev/null)
if [ -n "$own" ]; then echo "$own"; exit 0; fi

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "No Chromium found: installing Debian's chromium package (apt-get install -y chromium)..." >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >&2 || exit 1
  echo /usr/bin/chromium
  exit 0
fi
echo "No Chromium found: installing Playwright's (npx playwright install chromium)..." >&2
npx playwright install chromium >&2 || exit 1
node -e "console.log(require('playwright-core').chromium.executablePath())"
