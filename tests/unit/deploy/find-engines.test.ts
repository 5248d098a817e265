import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/content.js';

/**
 * What scripts/find-engines.sh tells someone whose machine cannot have the engines: GitHub's
 * Ubuntu runner, or any machine without root. Firefox is pointed at a path that does not exist,
 * so it is missing whatever this machine has, and nothing is ever installed: the system is not
 * Debian, or the user is not root.
 */
let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-engines-'));
  await writeFile(path.join(temp, 'ubuntu'), 'NAME="Ubuntu"\nID=ubuntu\nVERSION_ID="24.04"\n');
  await writeFile(path.join(temp, 'other'), 'ID=fedora\n');
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

function findEngines(osRelease: string) {
  const result = spawnSync('bash', [path.join(ROOT, 'scripts/find-engines.sh')], {
    encoding: 'utf8',
    env: { ...process.env, FIREFOX_PATH: path.join(temp, 'no-firefox'), OS_RELEASE: path.join(temp, osRelease) },
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe('scripts/find-engines.sh where it cannot install', () => {
  it('on Ubuntu, names what is missing and the Debian container that runs the whole suite', () => {
    const { status, out, err } = findEngines('ubuntu');
    expect(status).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^The cross-engine tests need these, and they are missing: firefox-esr/);
    expect(err).toContain('docker run --rm -v "$PWD":/site -w /site node:24-bookworm sh -c \'npm ci && npm test\'');
    expect(err).toContain('FIREFOX_PATH (a Firefox ESR)');
  });

  it('elsewhere, names the packages and the variables that say where the engines are', () => {
    const { status, err } = findEngines('other');
    expect(status).toBe(1);
    expect(err).toContain('firefox-esr');
    expect(err).toMatch(/set FIREFOX_PATH, WEBKIT_DRIVER, WEBKIT_BROWSER and XVFB_PATH/);
  });
});
