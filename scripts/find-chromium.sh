#!/usr/bin/env bash
# Prints the path of a Chromium for the browser tests, the lightest that will do: $CHROME_PATH,
# else Debian's chromium-headless-shell (installed here on Debian as root when missing, so a clean
# CI machine gets it), else Debian's Chromium, else Playwright's own. When there is none at all,
# installs one and says so on stderr; never skips silently.
set -uo pipefail

HEADLESS_SHELL=/usr/lib/chromium/chromium-headless-shell

if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then echo "$CHROME_PATH"; exit 0; fi
if [ -x "$HEADLESS_SHELL" ]; then echo "$HEADLESS_SHELL"; exit 0; fi

can_apt() { command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; }
apt_install() {
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >&2
}
is_debian() { [ -r /etc/os-release ] && grep -qx 'ID=debian' /etc/os-release; }

if can_apt && is_debian; then
  echo "No headless Chromium found: installing Debian's chromium-headless-shell (apt-get install -y chromium-headless-shell)..." >&2
  if apt_install chromium-headless-shell && [ -x "$HEADLESS_SHELL" ]; then echo "$HEADLESS_SHELL"; exit 0; fi
  echo "Installing chromium-headless-shell failed; looking for a full Chromium instead." >&2
fi

for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done
own=$(node -e "try{const p=require('playwright-core').chromium.executablePath();if(require('fs').existsSync(p))console.log(p)}catch{}" 2>/dev/null)
if [ -n "$own" ]; then echo "$own"; exit 0; fi

if can_apt; then
  echo "No Chromium found: installing the distribution's chromium package (apt-get install -y chromium)..." >&2
  apt_install chromium || exit 1
  echo /usr/bin/chromium
  exit 0
fi
echo "No Chromium found: installing Playwright's (npx playwright install chromium)..." >&2
npx playwright install chromium >&2 || exit 1
node -e "console.log(require('playwright-core').chromium.executablePath())"
