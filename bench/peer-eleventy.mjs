#!/usr/bin/env node
/**
 * Cold build against a peer: Eleventy 3 building the same four pages from the same YAML files,
 * and `site build`, each as a fresh process, alternately (so a busy machine slows both alike).
 * Target: `site build` takes at most half of Eleventy's time (median against median).
 *
 * Eleventy is installed by this bench into node_modules/.cache/bench-peers/ (never into the
 * project's dependencies). Its project is written into a temp folder: the content's YAML files
 * as Eleventy data, and Nunjucks templates that render every text of the four pages (heroes,
 * services with prices, steps, reviews, figures, the form, header and footer), so both tools read
 * the same data and write pages of the same content. Our own pages carry more (icons, JSON-LD, the
 * security policy), so the comparison leans in Eleventy's favour.
 *
 *   npm run compile && node bench/peer-eleventy.mjs [--runs 7] [--json]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PEER_VERSION = '3.1.8';
const PEERS = path.join(ROOT, 'node_modules/.cache/bench-peers', `eleventy-${PEER_VERSION}`);
const CMD = path.join(PEERS, 'node_modules/@11ty/eleventy/cmd.cjs');
export const TARGET_RATIO = 0.5;

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 7;

function install() {
  if (existsSync(CMD)) return;
  mkdirSync(PEERS, { recursive: true });
  writeFileSync(path.join(PEERS, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', `@11ty/eleventy@${PEER_VERSION}`], {
    cwd: PEERS,
    stdio: 'ignore',
    timeout: 180_000,
  });
}

const BASE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ pages[pageKey].seo.title }}</title><meta name="description" content="{{ pages[pageKey].seo.description }}">
<link rel="canonical" href="{{ site.seo.siteUrl }}{{ page.url }}"><link rel="stylesheet" href="/style.css"></head>
<body>
<header><a href="/">{{ site.company.name }}</a><nav aria-label="Main">{% for link in siteLayout.header.nav %}<a href="{{ link.href }}">{{ link.label }}</a>{% endfor %}</nav>
<a href="{{ siteLayout.header.cta.href }}">{{ siteLayout.header.cta.label }}</a></header>
<main>{{ content | safe }}</main>
<footer><p>{{ site.company.name }}: {{ site.company.description }}</p>
<h2>{{ siteLayout.footer.quickLinksTitle }}</h2><ul>{% for link in siteLayout.footer.quickLinks %}<li><a href="{{ link.href }}">{{ link.label }}</a></li>{% endfor %}</ul>
<h2>{{ siteLayout.footer.servicesTitle }}</h2>
<ul>{% for id in siteLayout.footer.services %}{% for s in services.services %}{% if s.id == id %}<li><a href="/services">{{ s.title }}</a></li>{% endif %}{% endfor %}{% endfor %}</ul>
<p><a href="tel:{{ site.contact.phone | replace(' ', '') }}">{{ site.contact.phone }}</a> · <a href="mailto:{{ site.contact.email }}">{{ site.contact.email }}</a></p>
<p>{{ site.contact.address.street }}, {{ site.contact.address.city }}, {{ site.contact.address.region }} {{ site.contact.address.postalCode }}</p>
<ul>{% for s in site.social %}<li>{{ s.label }}</li>{% endfor %}</ul></footer>
</body></html>`;

const HERO = (page) =>
  `<section><h1>{{ pages.${page}.hero.title }}</h1>{% if pages.${page}.hero.text %}<p>{{ pages.${page}.hero.text }}</p>{% endif %}</section>`;
const CTA = (page) =>
  `<section><h2>{{ pages.${page}.cta.title }}</h2><p>{{ pages.${page}.cta.text }}</p><a href="{{ pages.${page}.cta.primary.href }}">{{ pages.${page}.cta.primary.label }}</a></section>`;
const STATS = `<ul>{% for stat in site.stats %}<li><strong>{{ stat.value }}</strong> <span>{{ stat.label }}</span></li>{% endfor %}</ul>`;
const PRICE = `₹{{ s.pricing.starting | rupees }}`;

const PAGES = {
  'index.njk': `---
layout: base.njk
permalink: /index.html
pageKey: home
---
${HERO('home')}
<section><h2>{{ pages.home.about.heading.title }}</h2>{% for p in pages.home.about.paragraphs %}<p>{{ p }}</p>{% endfor %}<ul>{% for p in pages.home.about.points %}<li>{{ p }}</li>{% endfor %}</ul></section>
<section><h2>{{ pages.home.services.heading.title }}</h2><ul>{% for item in pages.home.services.items %}<li><h3>{{ item.title }}</h3><p>{{ item.desc }}</p></li>{% endfor %}</ul></section>
<section><h2>{{ pages.home.whyChooseUs.heading.title }}</h2><ul>{% for item in pages.home.whyChooseUs.steps %}<li><h3>{{ item.title }}</h3><p>{{ item.desc }}</p></li>{% endfor %}</ul></section>
<section><h2>{{ pages.home.howItWorks.heading.title }}</h2><ol>{% for step in pages.home.howItWorks.steps %}<li><h3>{{ step.title }}</h3><p>{{ step.desc }}</p></li>{% endfor %}</ol></section>
<section><h2>{{ pages.home.testimonials.heading.title }}</h2>{% for t in testimonials.testimonials %}<blockquote><p>{{ t.comment }}</p><footer>{{ t.name }}, {{ t.location }}</footer></blockquote>{% endfor %}${STATS}</section>
${CTA('home')}`,
  'about.njk': `---
layout: base.njk
permalink: /about/index.html
pageKey: about
---
${HERO('about')}
<section><h2>{{ pages.about.story.heading.title }}</h2>{% for p in pages.about.story.paragraphs %}<p>{{ p }}</p>{% endfor %}
<h3>{{ pages.about.story.mission.title }}</h3><p>{{ pages.about.story.mission.text }}</p><h3>{{ pages.about.story.vision.title }}</h3><p>{{ pages.about.story.vision.text }}</p>${STATS}</section>
<section><h2>{{ pages.about.values.heading.title }}</h2>{% for v in pages.about.values.items %}<h3>{{ v.title }}</h3><p>{{ v.desc }}</p>{% endfor %}</section>
<section><h2>{{ pages.about.whyChoose.heading.title }}</h2>{% for v in pages.about.whyChoose.items %}<h3>{{ v.title }}</h3><p>{{ v.desc }}</p>{% endfor %}</section>
${CTA('about')}`,
  'services.njk': `---
layout: base.njk
permalink: /services/index.html
pageKey: services
---
${HERO('services')}
{% for s in services.services %}<article id="{{ s.id }}"><h2>{{ s.title }}</h2><p>{{ s.tagline }}</p><p>{{ s.fullDescription }}</p>
<p>{{ pages.services.labels.startingFrom }} ${PRICE} {{ s.pricing.note }}</p>
<h3>{{ pages.services.labels.process }}</h3><ol>{% for step in s.process %}<li>{{ step }}</li>{% endfor %}</ol>
<h3>{{ pages.services.labels.idealFor }}</h3><ul>{% for x in s.idealFor %}<li>{{ x }}</li>{% endfor %}</ul>
<h3>{{ pages.services.labels.keyFeatures }}</h3><ul>{% for f in s.keyFeatures %}<li><strong>{{ f.title }}</strong> {{ f.desc }}</li>{% endfor %}</ul>
<h3>{{ pages.services.labels.whatsIncluded }}</h3><ul>{% for x in s.whatsIncluded %}<li>{{ x }}</li>{% endfor %}</ul>
<a href="{{ pages.services.labels.quote.href }}">{{ pages.services.labels.quote.label }}</a></article>{% endfor %}
${CTA('services')}`,
  'contact.njk': `---
layout: base.njk
permalink: /contact/index.html
pageKey: contact
---
${HERO('contact')}
<section>{% for m in pages.contact.methods %}<div><h2>{{ m.title }}</h2><p>{{ m.text }}</p><a href="#">{{ m.action }}</a></div>{% endfor %}</section>
<form method="post" action="/submit"><h2>{{ pages.contact.form.heading.title }}</h2>
{% for key, field in pages.contact.form.fields %}<label for="{{ key }}">{{ field.label }}</label><input id="{{ key }}" name="{{ key }}" placeholder="{{ field.placeholder }}">{% endfor %}
<select name="service"><option value="">{{ pages.contact.form.selectPrompt }}</option>{% for id in pages.contact.form.services %}{% for s in services.services %}{% if s.id == id %}<option>{{ s.formLabel or s.title }}</option>{% endif %}{% endfor %}{% endfor %}</select>
<button>{{ pages.contact.form.submit }}</button><p>{{ pages.contact.form.privacy }}</p></form>
<section><h2>{{ pages.contact.whyChoose.title }}</h2><ul>{% for p in pages.contact.whyChoose.points %}<li>{{ p }}</li>{% endfor %}</ul></section>
<section><h2>{{ pages.contact.responseTime.title }}</h2><p>{{ pages.contact.responseTime.text }}</p></section>
<section><h2>{{ pages.contact.map.heading.title }}</h2><iframe title="{{ pages.contact.map.frameTitle }}" src="{{ site.contact.mapEmbedUrl }}"></iframe><a href="{{ site.contact.directionsUrl }}">{{ pages.contact.map.directions }}</a></section>`,
};

const CONFIG = `const yaml = require('yaml');
module.exports = function (config) {
  config.addDataExtension('yaml', (contents) => yaml.parse(contents));
  config.addFilter('rupees', (n) => new Intl.NumberFormat('en-IN').format(n));
  return { dir: { input: 'src', output: process.env.PEER_OUT, includes: '_includes', data: '_data' } };
};
`;

/**
 * The English content alone, for both tools: the peer renders the four English pages, so `site
 * build` gets no translation folder either and renders the same four (and its 404 page).
 */
async function writeEnglishContent(dir) {
  const { TRANSLATIONS } = await import(path.join(ROOT, 'lib/generator/contract/languages.js'));
  const translated = new Set(TRANSLATIONS.map((language) => path.join(ROOT, 'content', language.folder)));
  cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true, filter: (source) => !translated.has(source) });
}

function writePeerProject(dir) {
  const src = path.join(dir, 'src');
  mkdirSync(path.join(src, '_includes'), { recursive: true });
  cpSync(path.join(dir, 'content'), path.join(src, '_data'), { recursive: true });
  // "layout" is a word Eleventy keeps for itself.
  renameSync(path.join(src, '_data/layout.yaml'), path.join(src, '_data/siteLayout.yaml'));
  writeFileSync(path.join(src, '_includes/base.njk'), BASE);
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(path.join(src, name), text);
  writeFileSync(path.join(dir, 'eleventy.config.cjs'), CONFIG);
  // The peer reads YAML with the same parser the generator uses.
  cpSync(path.join(ROOT, 'node_modules/yaml'), path.join(dir, 'node_modules/yaml'), { recursive: true });
}

function timed(command, argv, options) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, argv, { ...options, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${path.basename(argv[0] ?? command)} exited with ${result.status}:\n${result.stderr || result.stdout}`);
  return { ms, stdout: result.stdout };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export async function benchPeer({ keep = false } = {}) {
  install();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-peer-'));
  if (keep) console.error(`peer project kept in ${dir}`);
  try {
    await writeEnglishContent(dir);
    writePeerProject(dir);
    const env = { ...process.env, PEER_OUT: path.join(dir, '_site'), NODE_ENV: 'production' };
    const eleventy = () => timed(process.execPath, [CMD, '--config=eleventy.config.cjs', '--quiet'], { cwd: dir, env });
    const ours = () =>
      timed(
        process.execPath,
        [path.join(ROOT, 'bin/site.js'), 'build', '--content', path.join(dir, 'content'), '--out', path.join(dir, 'dist')],
        { cwd: ROOT, env },
      );
    // One of each first, to warm the disk cache (and our bundle cache), not counted.
    eleventy();
    ours();
    const peer = [];
    const site = [];
    for (let i = 0; i < runs; i++) {
      peer.push(eleventy().ms);
      site.push(ours().ms);
    }
    const pages = ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html'].filter((file) =>
      existsSync(path.join(dir, '_site', file)),
    );
    return {
      runs,
      eleventyMs: Math.round(median(peer)),
      siteMs: Math.round(median(site)),
      ratio: Number((median(site) / median(peer)).toFixed(2)),
      target: TARGET_RATIO,
      peerPages: pages.length,
    };
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let result;
  try {
    result = await benchPeer({ keep: args.includes('--keep') });
  } catch (error) {
    console.log(
      `cold build against Eleventy ${PEER_VERSION}: could not run (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
    process.exit(0);
  }
  if (args.includes('--json')) console.log(JSON.stringify({ peerEleventy: result }));
  else {
    const met = result.ratio <= TARGET_RATIO;
    console.log(
      `cold build, whole process, median of ${result.runs} alternate runs: site build ${result.siteMs} ms, Eleventy ${PEER_VERSION} ${result.eleventyMs} ms (${result.peerPages} pages)` +
        ` → ratio ${result.ratio}, target ≤ ${TARGET_RATIO}: ${met ? 'met' : 'MISSED'}`,
    );
    if (!met) process.exitCode = 1;
  }
}
