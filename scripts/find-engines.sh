#!/usr/bin/env bash
# Makes sure the engines the shared checks (tests/engines) drive besides Chromium are here, and the
# Malayalam font every phone has: Firefox, WebKitGTK's WebDriver with its MiniBrowser, the virtual
# display WebKit draws in, and Noto Sans Malayalam. On Debian as root it installs what is missing
# from Debian's own packages; anywhere else (Ubuntu, or not root) it says what to install and how.
# Prints the paths as shell
# assignments for `eval`; exits non-zero, naming what is missing, when it cannot have them all.
set -uo pipefail

FIREFOX=${FIREFOX_PATH:-/usr/bin/firefox-esr}
WEBKIT_DRIVER=${WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}
WEBKIT_BROWSER=${WEBKIT_BROWSER:-/usr/lib/$(uname -m)-linux-gnu/webkit2gtk-4.1/MiniBrowser}
XVFB=${XVFB_PATH:-$(command -v Xvfb || echo /usr/bin/Xvfb)}
# Which system this is; the tests point it at another file to hear what Ubuntu would be told.
OS_RELEASE=${OS_RELEASE:-/etc/os-release}

has_malayalam_font() { command -v fc-list >/dev/null 2>&1 && fc-list :lang=ml family | grep -q Malayalam; }

missing_packages() {
  [ -x "$FIREFOX" ] || echo firefox-esr
  { [ -x "$WEBKIT_DRIVER" ] && [ -x "$WEBKIT_BROWSER" ]; } || echo webkit2gtk-driver
  [ -x "$XVFB" ] || echo xvfb
  has_malayalam_font || echo fonts-noto-core
}

missing=$(missing_packages | tr '\n' ' ' | sed 's/ $//')
if [ -n "$missing" ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && grep -qx 'ID=debian' "$OS_RELEASE" 2>/dev/null; then
    echo "Installing what the cross-engine tests need from Debian: $missing" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } >&2
    XVFB=$(command -v Xvfb || echo /usr/bin/Xvfb)
    missing=$(missing_packages | tr '\n' ' ' | sed 's/ $//')
  fi
fi
if [ -n "$missing" ]; then
  echo "The cross-engine tests need these, and they are missing: $missing" >&2
  os_id=$(. "$OS_RELEASE" 2>/dev/null && echo "${ID:-}")
  if [ "$os_id" = debian ]; then
    echo "Install them with: sudo apt-get install -y $missing (as root, npm test installs them itself)." >&2
  elif [ "$os_id" = ubuntu ]; then
    # Ubuntu has no Firefox ESR package (its firefox is a snap) and not always WebKitGTK's
    # driver, so the whole suite runs where its packages are: Debian, in a container.
    echo "Ubuntu lacks Debian's firefox-esr. Run the whole suite in Debian instead, as the deploy does:" >&2
    echo "  docker run --rm -v \"\$PWD\":/site -w /site node:24-bookworm sh -c 'npm ci && npm test'" >&2
    echo "or install what is missing yourself and say where: FIREFOX_PATH (a Firefox ESR), WEBKIT_DRIVER and WEBKIT_BROWSER (sudo apt-get install webkit2gtk-driver), XVFB_PATH (sudo apt-get install xvfb), and sudo apt-get install fonts-noto-core for the Malayalam font." >&2
  else
    echo "(Debian packages: firefox-esr, webkit2gtk-driver, xvfb, fonts-noto-core; elsewhere set FIREFOX_PATH, WEBKIT_DRIVER, WEBKIT_BROWSER and XVFB_PATH, and install a Noto Sans Malayalam font.)" >&2
  fi
  exit 1
fi
echo "FIREFOX_PATH=$FIREFOX"
echo "WEBKIT_DRIVER=$WEBKIT_DRIVER"
echo "WEBKIT_BROWSER=$WEBKIT_BROWSER"
echo "XVFB_PATH=$XVFB"
