/**
 * Every phone has a Malayalam font, so the test machine must have one too: without it "മലയാളം"
 * is drawn as narrow empty boxes, and a header that breaks on every phone passes by luck.
 * scripts/find-engines.sh installs Debian's (fonts-noto-core) before the browser tests.
 */
import { execFileSync } from 'node:child_process';

export function requireMalayalamFont(): void {
  let families = '';
  try {
    families = execFileSync('fc-list', [':lang=ml', 'family'], { encoding: 'utf8' });
  } catch {
    // No fontconfig at all: said below.
  }
  if (!/Malayalam/.test(families)) {
    throw new Error(
      'No Malayalam system font is installed, so layouts that break on every phone would pass here. Install Noto Sans Malayalam (Debian or Ubuntu: sudo apt-get install fonts-noto-core; as root on Debian, npm test does it through scripts/find-engines.sh).',
    );
  }
}
