// Bundles the compiled-ahead CLI into a few files, so `site build` loads one module graph instead
// of hundreds of files. esbuild, sharp and chokidar stay outside: esbuild runs its own binary,
// sharp loads its own native library, and chokidar is only loaded by `site dev`.
//
// Two bundles: lib/cli/ is React's production build only, minified (parsing the bundle is most of
// a cold build's start-up: React's development build alone is half of it); lib/cli-dev/ keeps
// React's development build and its warnings, for `NODE_ENV=development site dev`. bin/site.js
// picks one.
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
      args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined,
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
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['esbuild', 'chokidar', 'sharp'],
  // Bundled CommonJS packages (react-dom, commander) call require for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [englishZodMessagesOnly],
};

// Chunk names carry hashes: clear the last compile's so stale ones do not pile up.
rmSync('lib/cli', { recursive: true, force: true });
rmSync('lib/cli-dev', { recursive: true, force: true });

await Promise.all([
  esbuild.build({
    ...shared,
    outdir: 'lib/cli',
    minify: true,
    alias: {
      react: production('react/cjs/react.production.js'),
      'react/jsx-runtime': production('react/cjs/react-jsx-runtime.production.js'),
      // renderToStaticMarkup lives in the "legacy" server build; the streaming one is never used.
      'react-dom/server': production('react-dom/cjs/react-dom-server-legacy.node.production.js'),
    },
  }),
  esbuild.build({ ...shared, outdir: 'lib/cli-dev' }),
]);
