/**
 * Runs the shared checks in one engine, as vitest tests: the run's own copy of the site and
 * relay, one browser, the checks in order in one tab. Pictures of every page go to
 * test-results/engines/<engine>/. With `editor`, the owner's editor walk (checks/admin-editor.ts)
 * follows, in the same browser, on the Cloudflare build the test site made beside its own.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { RelayClient } from '../browser/relay.js';
import { cloudflareDist, startTestSite, type TestSite } from '../browser/test-site.js';
import { walkTheEditor } from './checks/admin-editor.js';
import { CHECKS } from './checks/index.js';
import type { CheckContext } from './checks/check.js';
import { startEditorSite } from '../helpers/editor-site.js';
import type { EngineName, LaunchEngine } from './engine.js';
import { requireMalayalamFont } from '../helpers/malayalam-font.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunOptions {
  prepare?: (dist: string) => Promise<void>;
  /** Walk the owner's editor; `secure`: at https://localhost, for an engine that keeps no Secure cookie from http://localhost. */
  editor?: { secure: boolean };
}

export function runChecks(name: EngineName, launch: LaunchEngine, options: RunOptions = {}): void {
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

    const editor = options.editor;
    if (editor) {
      it('the owner sets up the editor on a phone, changes a price, publishes one commit of content files, and a reload keeps a typed value', async () => {
        if (!context || !site) throw new Error(`${name} did not start`);
        const editorSite = await startEditorSite(cloudflareDist(site.env.dist), editor);
        try {
          const report = await walkTheEditor({ engine: context.engine, site: editorSite, shots: context.shots });
          if (report.passkey !== 'made and used') console.log(`${name}: the editor walk's passkey was ${report.passkey}`);
        } finally {
          await editorSite.close();
        }
      });
    }
  });
}
