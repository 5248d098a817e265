// Rebuild after a content edit, in one process: build() once to warm up, then `runs` times edit a
// value in a temporary copy of content/ and build again. Run as a child of bench/run.js; prints JSON.
//
//   node bench/rebuild.js [--runs 20]
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 20;

/** The value edited each time: the company tagline, which shows on every page. */
const EDITED_FILE = 'site.yaml';
const EDITED_LINE = /^(\s*tagline:[ \t]*)(.*)$/m;

// A rebuild in process is what `site dev` does, so the content is checked as there: with compiled parsers.
(await import(pathToFileURL(path.join(ROOT, 'lib/generator/schema/zod-config.js')).href)).compileParsers();
const generator = await import(pathToFileURL(path.join(ROOT, 'lib/generator/build.js')).href);
// What site dev remembers from one build to the next; a one-off build keeps nothing.
const { Session } = await import(pathToFileURL(path.join(ROOT, 'lib/generator/contract/session.js')).href);
const session = new Session();
const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-rebuild-'));
try {
  const contentDir = path.join(dir, 'content');
  await cp(path.join(ROOT, 'content'), contentDir, { recursive: true });
  const file = path.join(contentDir, EDITED_FILE);
  const original = await readFile(file, 'utf8');
  const match = EDITED_LINE.exec(original);
  if (!match) throw new Error(`content/${EDITED_FILE} has no "tagline:" line for the bench to edit`);
  const edit = (n) => writeFile(file, original.replace(EDITED_LINE, `$1${match[2].replace(/^["']|["']$/g, '')} (bench edit ${n})`));

  const started = performance.now();
  await generator.build({ contentDir, session });
  const warmUpMs = performance.now() - started;

  const full = [];
  let last;
  for (let n = 1; n <= runs; n += 1) {
    await edit(n);
    const t = performance.now();
    last = await generator.build({ contentDir, session });
    full.push(performance.now() - t);
  }
  const visible = last.files.some((f) => String(f.contents).includes(`(bench edit ${runs})`));

  // What `site dev` does on a content edit: check the content again, reuse the bundle, render.
  const dev = [];
  if (typeof generator.assembleSite === 'function' && typeof generator.checkContent === 'function') {
    const { bundleAssets } = await import(pathToFileURL(path.join(ROOT, 'lib/generator/bundle/bundle.js')).href);
    const bundle = await bundleAssets({ session });
    for (let n = 1; n <= runs; n += 1) {
      await edit(runs + n);
      const t = performance.now();
      const checked = await generator.checkContent(contentDir, { session });
      if (!checked.site) throw new Error('the edited content did not validate');
      generator.assembleSite(checked.site, bundle, { session });
      dev.push(performance.now() - t);
    }
  }
  process.stdout.write(
    `${JSON.stringify({ runs, editedFile: `content/${EDITED_FILE}`, warmUpMs, visible, fullMs: full, devMs: dev, heapUsedMB: process.memoryUsage().heapUsed / 2 ** 20 })}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
