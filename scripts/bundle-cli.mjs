// Bundles the compiled-ahead CLI, so `site build` loads one file instead of hundreds. esbuild,
// sharp and chokidar stay outside: esbuild runs its own binary, sharp loads its own native
// library, and chokidar is only loaded by `site dev`.
//
// Two bundles:
// - lib/cli/cli.cjs: React's production build only, minified, one CommonJS file. Parsing and
//   compiling the bundle is most of a cold build's start-up; bin/code-cache.js keeps V8's compiled
//   code of it between runs, which Node 20 can do for a script but not for an ES module. Its
//   dynamic imports become require() calls (Node 20.19 requires ES modules such as chokidar), as
//   import() cannot run from a script restored from a code cache.
// - lib/cli-dev/: ES modules with React's development build and its warnings, for
//   `NODE_ENV=development site dev`.
// bin/site.js picks one.
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** React's production builds by file, past the packages' NODE_ENV switch (and their exports maps). */
const production = (file) => path.resolve('node_modules', file);

/**
 * zod's namespace re-exports its error messages in some fifty languages (a third of the bundle);
 * the generator words every message itself, so only English, zod's default, is kept.
 */
const englishZodMessagesOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)
        ? { path: 'zod-locales', namespace: 'zod-english-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.resolve('node_modules/zod/v4/locales'),
      loader: 'js',
    }));
  },
};

const shared = {
  entryPoints: ['bin/cli.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['esbuild', 'chokidar', 'sharp', 'miniflare'],
  logLevel: 'warning',
  plugins: [englishZodMessagesOnly],
};

// Chunk names carry hashes: clear the last compile's so stale ones do not pile up.
rmSync('lib/cli', { recursive: true, force: true });
rmSync('lib/cli-dev', { recursive: true, force: true });

await Promise.all([
  esbuild.build({
    ...shared,
    outfile: 'lib/cli/cli.cjs',
    format: 'cjs',
    minify: true,
    supported: { 'dynamic-import': false },
    // The generator finds the project folder and the font's licence from its own location.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    alias: {
      react: production('react/cjs/react.production.js'),
      'react/jsx-runtime': production('react/cjs/react-jsx-runtime.production.js'),
      // renderToStaticMarkup lives in the "legacy" server build; the streaming one is never used.
      'react-dom/server': production('react-dom/cjs/react-dom-server-legacy.node.production.js'),
    },
  }),
  esbuild.build({
    ...shared,
    outdir: 'lib/cli-dev',
    format: 'esm',
    splitting: true,
    // Bundled CommonJS packages (react-dom, commander) call require for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
]);
