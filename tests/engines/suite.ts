/**
 * Runs the shared checks in one engine, as vitest tests: the run's own copy of the site and
 * relay, one browser, the checks in order in one tab. Pictures of every page go to
 * test-results/engines/<engine>/.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { RelayClient } from '../browser/relay.js';
import { startTestSite, type TestSite } from '../browser/test-site.js';
import { CHECKS } from './checks/index.js';
import type { CheckContext } from './checks/check.js';
import type { EngineName, LaunchEngine } from './engine.js';
import { requireMalayalamFont } from '../helpers/malayalam-font.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function runChecks(name: EngineName, launch: LaunchEngine, options: { prepare?: (dist: string) => Promise<void> } = {}): void {
  describe(name, () => {
    let site: TestSite | undefined;
    let context: CheckContext | undefined;

    beforeAll(async () => {
      requireMalayalamFont();
      site = await startTestSite(options.prepare);
      const shots = path.join(ROOT, 'test-results/engines', name);
      await rm(shots, { recursive: true, force: true });
      await mkdir(shots, { recursive: true });
      context = { engine: await launch(), baseURL: site.env.baseURL, relay: new RelayClient(site.env.relayOrigin), shots };
    });

    afterAll(async () => {
      await context?.engine.close();
      await site?.close();
    });

    for (const check of CHECKS) {
      it(check.name, async () => {
        if (!context) throw new Error(`${name} did not start`);
        // What an earlier check left unread (it failed before it looked) is not this check's.
        await context.engine.takeErrors();
        await check.run(context);
      });
    }
  });
}
