// Runs the bundled CLI (lib/cli/cli.cjs) with V8's code cache, kept in node_modules/.cache/site-cli/.
//
// A cold `site build` spent about a quarter of its time compiling JavaScript: parsing the bundle,
// then compiling each function the first time it runs (React's renderer, yaml, zod). V8 can save
// that work as a code cache and take it back on the next start, but Node 20 offers this only
// through vm.Script, for scripts rather than ES modules; hence the bundle is CommonJS.
//
// One cache per bundle and command: a cache made after a `site build` holds every function a build
// compiled, one made after `site check` only those of a check. The name carries the sha256 of the
// bundle, so a new compile never meets an old cache (V8 itself only compares lengths); V8 refuses a
// cache from another Node version or other flags, and a refused or missing cache is written anew
// after the command has run. Writing is best effort: a read-only install runs uncached.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Cache files are named cli-<bundle sha256, 16 hex>-<command>-<platform, V8 version>.v8 (.<pid>.tmp while written). */
const OURS = /^cli-([0-9a-f]{16})-[a-z-]+-[a-z0-9_.-]+\.v8(\.\d+\.tmp)?$/;

/**
 * Runs `bundle` (CommonJS) with the code cache for `command`. Gives its exports; whether a cache
 * was used ('used'), missing ('none') or refused by V8 ('refused'); and `save`, to call once the
 * command has run, so that a new cache holds everything it compiled.
 */
export function loadWithCodeCache(bundle, command, cacheDir) {
  const source = readFileSync(bundle, 'utf8');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const name = `cli-${hash}-${/^[a-z-]+$/.test(command) ? command : 'other'}-${process.platform}-${process.arch}-${process.versions.v8}.v8`;
  const file = path.join(cacheDir, name);
  let cachedData;
  try {
    cachedData = readFileSync(file);
  } catch {
    cachedData = undefined;
  }
  // Node's own CommonJS wrapper, so the bundle sees require, module and __filename as usual;
  // columnOffset keeps the columns of the first line right in stack traces.
  const prefix = '(function (exports, require, module, __filename, __dirname) { ';
  const script = new vm.Script(`${prefix}${source}\n})`, { filename: bundle, columnOffset: -prefix.length, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  const save = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      mkdirSync(cacheDir, { recursive: true });
      // A new bundle makes every cache of an older one useless: remove those (only names of ours).
      for (const entry of readdirSync(cacheDir)) {
        const match = OURS.exec(entry);
        if (match && match[1] !== hash) rmSync(path.join(cacheDir, entry), { force: true });
      }
      // Written beside and renamed, so a build running at the same time never reads half a cache.
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, file);
    } catch {
      // Only a slower next start: nothing to tell the operator.
    }
  };
  const cache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'refused' : 'used';
  return { exports: module.exports, cache, save };
}
