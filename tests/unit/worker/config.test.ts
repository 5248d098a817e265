/**
 * worker/wrangler.jsonc is the published wrangler.jsonc plus the Worker: a setting both hold (the
 * site's name, the runtime's date, how the built files are served) must not drift apart, or the
 * site would change the day the Worker goes live.
 */
import { expect, it } from 'vitest';
import { SITE_CONFIG, WORKER_CONFIG, readConfig } from '../../helpers/cloudflare.js';

it('serves the built site with the same settings as the published config', async () => {
  const site = await readConfig(SITE_CONFIG);
  const worker = await readConfig(WORKER_CONFIG);
  for (const setting of ['name', 'compatibility_date', 'workers_dev', 'preview_urls'] as const) {
    expect(worker[setting], setting).toEqual(site[setting]);
  }
  const { directory: siteDirectory, ...siteAssets } = site.assets;
  const { directory: workerDirectory, run_worker_first, binding, ...workerAssets } = worker.assets;
  expect(workerAssets).toEqual(siteAssets);
  expect([siteDirectory, workerDirectory]).toEqual(['dist', '../dist']);
  expect(run_worker_first, 'the Worker answers only its own addresses').toEqual(['/api/*', '/admin', '/admin/*']);
});

it('publishes the static files alone until /admin/ holds the editor', async () => {
  const site = await readConfig(SITE_CONFIG);
  expect(site.main).toBeUndefined();
  expect(site.d1_databases).toBeUndefined();
});
