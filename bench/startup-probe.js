// Where a cold `site build` spends its time: times each heavy import in the order the build needs
// it, then each stage of the pipeline, in a fresh process. Run as a child of bench/run.js; prints JSON.
// Imports are timed one by one, so each figure is what that package adds on top of those before it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const lib = (file) => pathToFileURL(path.join(ROOT, 'lib', file)).href;
const steps = [];
let last = performance.now();
const lap = (name) => {
  const now = performance.now();
  steps.push({ name, ms: now - last, rssMB: process.memoryUsage().rss / 2 ** 20 });
  last = now;
};

// Node's own start-up, up to the first line of this file.
steps.push({ name: 'node start-up', ms: performance.now(), rssMB: NaN });
last = performance.now();
await import(lib('bin/cli.js'));
lap('import CLI (commander)');
await import('yaml');
lap('import yaml');
await import('zod');
lap('import zod');
await import('react');
await import('react-dom/server');
lap(`import react + react-dom/server (${process.env.NODE_ENV === 'production' ? 'production' : 'development'} build)`);
await import('esbuild');
lap('import esbuild (JS API)');
await import(lib('templates/icons.js'));
lap('import templates/icons.js (lucide-react icons)');
const generator = await import(lib('generator/build.js'));
const { bundleAssets } = await import(lib('generator/bundle/bundle.js'));
const { writeSite } = await import(lib('generator/write/write.js'));
lap('import generator + templates (rest)');
const bundle = await bundleAssets();
lap('bundle: start esbuild service, bundle JS + CSS');
const checked = await generator.checkContent(path.join(ROOT, 'content'));
lap('load + validate content');
if (!checked.site) throw new Error('content did not validate');
const files = generator.assembleSite
  ? generator.assembleSite(checked.site, bundle)
  : (await generator.build({ contentDir: path.join(ROOT, 'content') })).files;
lap('render pages');
const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-probe-'));
try {
  // writeSite takes the guard's folders since --out learned to refuse unsafe places.
  await writeSite(files, path.join(dir, 'dist'), { cwd: dir, projectRoot: ROOT, contentDir: path.join(ROOT, 'content') });
  lap('write dist/');
} finally {
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(`${JSON.stringify({ steps, maxRSSMB: process.resourceUsage().maxRSS / 1024 })}\n`);
