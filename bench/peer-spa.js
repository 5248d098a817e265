// Builds the peer of the Lighthouse comparison (bench/peer-spa/app.tsx): our content as a
// single-page app, React rendering in the browser and framer-motion animating page changes, the
// stack the site started from. One HTML shell per address (an empty root, the script, the
// stylesheet as a file), so a static host serves it as it serves our pages.
//
// framer-motion is installed by the bench into node_modules/.cache/bench-peers/ (never into the
// project's dependencies), as bench/peer-eleventy.mjs does for Eleventy; React is the project's own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MOTION_VERSION = '11.18.2';

/** What the report says the peer is. */
export const PEER = {
  name: 'single-page app: React 19 rendering in the browser, framer-motion ' + MOTION_VERSION + ' page transitions, bundled by esbuild',
};

/** Writes the peer into `outDir` (which must not exist yet) for `siteUrl`; resolves to its script's size. */
export async function buildPeerSpa({ root, contentDir = path.join(root, 'content'), outDir, siteUrl }) {
  const peers = installMotion(root);
  const lib = (file) => import(pathToFileURL(path.join(root, 'lib/generator', file)).href);
  const [{ build }, { PAGES, editionsOf, alternatesOf, localizedFile }, { bundleAssets }] = await Promise.all([
    lib('build.js'),
    lib('render/render.js'),
    lib('bundle/bundle.js'),
  ]);
  const { site } = await build({ contentDir, siteUrl });
  const editions = editionsOf(site);
  const data = {
    siteUrl,
    editions: editions.map(({ language, site: edition }) => ({ language, site: { ...edition, translations: undefined } })),
    pages: PAGES.map((page) => ({ id: page.id, path: page.path, alternates: alternatesOf(page, editions) })),
  };
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  const dataFile = path.join(outDir, '..', `peer-spa-data-${process.pid}.json`);
  writeFileSync(dataFile, JSON.stringify(data));

  const esbuild = await import('esbuild');
  const script = await esbuild.build({
    entryPoints: [path.join(root, 'bench/peer-spa/app.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // One React for the page components and framer-motion: the project's.
    alias: {
      'peer-spa-data': dataFile,
      react: path.join(root, 'node_modules/react'),
      'react-dom': path.join(root, 'node_modules/react-dom'),
      'framer-motion': path.join(peers, 'node_modules/framer-motion'),
    },
    plugins: [withoutValidation],
    outfile: path.join(outDir, 'assets/app.js'),
    logLevel: 'silent',
    metafile: true,
  });
  const assets = await bundleAssets();
  writeFileSync(path.join(outDir, 'assets/app.css'), assets.stylesheet.contents);
  for (const file of assets.files.filter((f) => f.path.endsWith('.woff2'))) writeFileSync(path.join(outDir, file.path), file.contents);

  for (const { language, site: edition } of editions) {
    for (const page of PAGES) {
      const file = path.join(outDir, localizedFile(page.file, language));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, shell(language.htmlLang, edition.pages[page.id].seo.title));
    }
  }
  return { scriptBytes: Object.values(script.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0) };
}

/**
 * The templates take one helper from the content schemas' module, which would bring zod's whole
 * validator (450 KB) into the peer's script; the SPA never validated anything, so it gets the
 * helper alone (the same one line as generator/schema/fields.ts).
 */
const withoutValidation = {
  name: 'without-validation',
  setup(build) {
    build.onResolve({ filter: /\/generator\/schema\/fields\.js$/ }, () => ({ path: 'fields', namespace: 'peer-spa' }));
    build.onLoad({ filter: /^fields$/, namespace: 'peer-spa' }, () => ({
      contents: "export const phoneDigits = (value) => value.replace(/[\\s\\-().]/g, '');",
      loader: 'js',
    }));
  },
};

/** The page a Vite app ships: a title, an empty root, the stylesheet and the module script. */
function shell(lang, title) {
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped}</title>
<script type="module" crossorigin src="/assets/app.js"></script>
<link rel="stylesheet" crossorigin href="/assets/app.css">
</head>
<body>
<div id="root"></div>
</body>
</html>
`;
}

function installMotion(root) {
  const peers = path.join(root, 'node_modules/.cache/bench-peers', `framer-motion-${MOTION_VERSION}`);
  if (existsSync(path.join(peers, 'node_modules/framer-motion/package.json'))) return peers;
  mkdirSync(peers, { recursive: true });
  writeFileSync(path.join(peers, 'package.json'), '{"private":true}\n');
  // Its React peer is the project's (aliased above), so npm is not asked to install another.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', '--legacy-peer-deps', `framer-motion@${MOTION_VERSION}`], {
    cwd: peers,
    stdio: 'ignore',
    timeout: 180_000,
  });
  return peers;
}
