import { stat } from 'node:fs/promises';
import path from 'node:path';
import { bundleAssets, type Bundle, type BundleOptions } from './bundle/bundle.js';
import { loadContent } from './load/load.js';
import type { OutputFile } from './contract/output.js';
import { ContentError, UsageError, type Problem } from './problems/problem.js';
import { renderPages, renderWhatsAppPopups } from './render/render.js';
import { iconFiles } from './render/icon-files.js';
import type { Site } from './schema/index.js';
import { SITE_ADDRESS_HINT, siteAddressProblem } from './schema/addresses.js';
import { hashSource, headersFile, showsMap, withPolicyMeta } from './render/security.js';
import { withSpeculationRules } from './render/speculation-rules.js';
import { foldConstantTokens } from './render/css-constants.js';
import { brandedStylesheet, withBrandTokens } from './render/brand-css.js';
import { paletteOf } from './contract/palette.js';
import { popupAddresses, popupAddressOf, popupFiles, type PopupFiles } from './render/whatsapp-popup.js';
import { classesOf, stylesForClasses } from './render/page-styles.js';
import { findPlaceholders } from './check/placeholders.js';
import { findCutText } from './check/comments.js';
import { findFactsOutsideTexts, findUnknownFacts } from './check/fact-names.js';
import { contentFacts } from './check/fact-values.js';
import { findContradictions } from './check/contradictions.js';
import { findSampleTexts } from './check/sample-texts.js';
import { findSampleFigures } from './check/sample-figures.js';
import { favicon, robots, sitemap } from './render/seo-files.js';
import { drawBrandPictures, type BrandPictures } from './render/brand-pictures.js';
import { staticFilesBeside } from './render/static-guard.js';
import { assetsIgnoreFile } from './write/out-guard.js';
import { sortProblems } from './problems/format.js';
import { validateContent } from './check/validate.js';
import { refusedWarnings } from './check/strict-errors.js';
import { deployRefusing, refusingOf, type Refusing } from './problems/strictness.js';
import { checkPhotos, type CheckedPhoto } from './images/check.js';
import { processPhotos, type ProcessedPhotos, type ProcessOptions } from './images/encode.js';
import { photoRefs } from './images/refs.js';
import type { Photos } from './contract/photo.js';
import { validateTranslation } from './translations/validate.js';
import { withTranslationNotes } from './translations/notes.js';
import type { Progress } from './translations/progress.js';
import { Session } from './contract/session.js';
import { forHost, hostFiles, type Host } from './hosts.js';

export interface BuildOptions extends BundleOptions {
  contentDir: string;
  /** Overrides seo.siteUrl from content, e.g. for a staging host. */
  siteUrl?: string;
  /** Overrides both form relay addresses from content, e.g. to point tests at a local server. */
  formEndpoint?: string;
  /** The host the site is built for (hosts.ts): on Cloudflare the quote form posts to the site's own Worker. */
  host?: Host;
  /** The build's clock, for the copyright year and ${years}; tests pass a fixed date (the CLI takes SOURCE_DATE_EPOCH). */
  now?: Date;
  /** The warnings problems/strictness.ts says the deploy refuses are errors: the deploy builds this way. */
  strict?: boolean;
  /** Texts not translated yet are errors (see CheckOptions). */
  completeTranslations?: boolean;
  /** With `strict`, a site refused only for the sample's story is built closed (see CheckOptions). */
  closedWhileSample?: boolean;
  /** Where encoded photos are cached, and how many are encoded at once. */
  photos?: ProcessOptions;
  /** What a long-lived process remembers from build to build; without one, the build makes its own and drops it. */
  session?: Session;
}

export interface BuildResult {
  site: Site;
  files: OutputFile[];
  /** Placeholders, likely mistakes and photos too small for their place (under `strict`, those it refuses are errors). */
  warnings: Problem[];
  sources: ReadonlyMap<string, string>;
  /** Photo variant files encoded by this build, and taken from the cache. */
  photoStats: ProcessedPhotos['stats'];
  /** The files written of each photo, by where it goes and its `src` (the phone's editor lists them). */
  photos: Photos;
  /** Each published translation, with how many texts each of its files lacks. */
  translations: Progress[];
  /** What the deploy refuses of this content (problems/strictness.ts). */
  deploy: Refusing;
  /** How many texts still the sample's keep the site closed; 0 when it is open. */
  closed: number;
}

export interface CheckResult {
  site?: Site;
  /** The photos the site shows, their files found and their headers read; present with `site`. */
  photos?: CheckedPhoto[];
  problems: Problem[];
  warnings: Problem[];
  sources: ReadonlyMap<string, string>;
  /** Each published translation, with how many texts each of its files lacks. */
  translations: Progress[];
  /** What the deploy refuses of this content (problems/strictness.ts), for the counts the commands print. */
  deploy: Refusing;
  /** How many texts still the sample's keep the site closed (`closedWhileSample`); 0 when it is open. */
  closed?: number;
}

export interface CheckOptions {
  /** The warnings problems/strictness.ts says the deploy refuses are errors: no site comes back while one is left. */
  strict?: boolean;
  /** A text not translated yet is an error, for a company that publishes every page complete or not at all. */
  completeTranslations?: boolean;
  /**
   * With `strict`: when the only refusals are the sample's story, services, promises or figures
   * under the company's own name, the site is not refused but closed: every page shows only the
   * company's name and how to reach it (templates/Closed.tsx) until those texts are its own. The
   * owner's editor on the phone comes with the deploy, so the texts can be written from there.
   */
  closedWhileSample?: boolean;
  /** The address comes from --site-url, so seo.siteUrl in content is not published. */
  siteUrlOverridden?: boolean;
  /** Texts checked in place of files on disk, by name in the content folder (see loadContent). */
  overrides?: ReadonlyMap<string, string>;
  /** The build's date, from which ${years} is counted; tests and reproducible builds pass a fixed one. */
  now?: Date;
  /** What `site dev` and the editor remember between checks (contract/session.ts); a one-off check needs none. */
  session?: Session;
}

/**
 * Lets the requests that came meanwhile be answered: `site dev` checks on the one thread that
 * serves the editor and the pages, so a long check gives way between its stages.
 */
function othersTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Loads and validates the content folder: every problem in every file, sorted, and the
 * warnings: placeholders still to replace and likely mistakes (problems when strict).
 */
export async function checkContent(contentDir: string, options: CheckOptions = {}): Promise<CheckResult> {
  const dir = path.resolve(contentDir);
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(
      `The content folder ${contentDir} ${info ? 'is not a folder' : 'does not exist'}.`,
      'pass the folder that holds site.yaml with --content, or run the command from the project folder',
    );
  }
  const loaded = await loadContent(dir, { overrides: options.overrides, session: options.session });
  const now = options.now ?? new Date();
  // Texts are checked as they will be shown, with the facts they name filled in.
  const facts = contentFacts(loaded.files, now);
  const validated = validateContent(loaded.files, facts.english);
  await othersTurn();
  const photos = validated.site
    ? await checkPhotos(photoRefs(validated.site), loaded.files, dir)
    : { photos: [], problems: [], warnings: [] };
  const translated: ReturnType<typeof validateTranslation>[] = [];
  for (const language of loaded.languages) {
    translated.push(
      validateTranslation(
        loaded.files,
        language,
        loaded.records.find((record) => record.language === language),
        validated.matching,
        {
          english: facts.english,
          own: facts.languages.get(language.folder) ?? facts.english,
        },
      ),
    );
    await othersTurn();
  }
  const factProblems = [...findUnknownFacts(loaded.files), ...findFactsOutsideTexts(loaded.files), ...facts.problems];
  const problems = withTranslationNotes(dir, [
    ...loaded.problems,
    ...validated.problems,
    ...factProblems,
    ...photos.problems,
    ...translated.flatMap((t) => t.problems),
  ]);
  const site =
    problems.length === 0 && validated.site && translated.every((t) => t.site)
      ? { ...validated.site, translations: translated.map((t) => ({ language: t.language, site: t.site!, inEnglish: t.inEnglish })) }
      : undefined;
  await othersTurn();
  const contradictions = validated.site
    ? findContradictions(
        loaded.files,
        validated.writtenSettings ?? validated.site.settings,
        new Map(translated.flatMap((t) => (t.site ? [[t.language.folder, t.site.settings] as const] : []))),
        now,
        options.session,
      )
    : [];
  const placeholders = findPlaceholders(loaded.files, { ignore: options.siteUrlOverridden ? ['site.yaml:seo.siteUrl'] : [] });
  const warnings = [
    ...findCutText(loaded.files),
    ...validated.warnings,
    ...contradictions,
    ...placeholders,
    ...findSampleTexts(loaded.files),
    ...findSampleFigures(loaded.files),
    ...photos.warnings,
    ...loaded.warnings,
    ...translated.flatMap((t) => t.warnings),
  ];
  const translations = translated.map(({ language, untranslated, outdated, unrecorded }) => ({
    language,
    untranslated,
    outdated: new Map([...outdated].map(([file, texts]) => [file, texts.length])),
    changed: outdated,
    unrecorded,
  }));
  const asksComplete = validated.site?.settings.completeTranslations === true;
  const deploy = deployRefusing(asksComplete);
  const { errors, kept } = refusedWarnings(warnings, refusingOf(options, asksComplete));
  const closing = options.closedWhileSample === true && errors.length > 0 && errors.every((error) => error.code === 'sample-claim');
  if (errors.length > 0 && !closing)
    return {
      problems: sortProblems([...problems, ...errors]),
      warnings: sortProblems(kept),
      sources: loaded.sources,
      translations,
      deploy,
    };
  return {
    site,
    photos: site ? photos.photos : undefined,
    problems: sortProblems(problems),
    warnings: sortProblems(warnings),
    sources: loaded.sources,
    translations,
    deploy,
    closed: closing ? errors.length : 0,
  };
}

export interface PrepareOptions extends CheckOptions {
  /** Where encoded photos are cached, and how many are encoded at once. */
  photos?: ProcessOptions;
  /** What the site becomes before its pictures are drawn and its pages rendered (build()'s flags and host). */
  adjust?: (site: Site) => Site;
}

/** The content made ready to render: a valid site, its photos encoded and its brand pictures drawn. */
export interface PreparedContent {
  site: Site;
  photos: ProcessedPhotos;
  pictures: BrandPictures;
  warnings: Problem[];
  sources: ReadonlyMap<string, string>;
  translations: Progress[];
  deploy: Refusing;
  /** How many texts still the sample's keep the site closed; 0 when it is open. */
  closed: number;
}

/** Content that cannot be rendered: every problem, located in `sources`. */
export interface RefusedContent {
  problems: Problem[];
  sources: ReadonlyMap<string, string>;
}

/**
 * The stages from the content folder to what the pages are rendered from: load → check →
 * translations (checkContent) → images → the brand pictures. `site build`, `site dev` and the
 * editor's preview all come this way, so each shows the same site for the same content.
 */
export async function prepareContent(contentDir: string, options: PrepareOptions = {}): Promise<PreparedContent | RefusedContent> {
  const checked = await checkContent(contentDir, options);
  if (!checked.site || checked.problems.length > 0) return { problems: checked.problems, sources: checked.sources };
  // Photos are part of the content: a new or changed one is encoded, the rest come from the cache.
  const photos = await processPhotos(checked.photos ?? [], { ...options.photos, session: options.session });
  if (photos.problems.length > 0) return { problems: sortProblems(photos.problems), sources: checked.sources };
  const site = options.adjust ? options.adjust(checked.site) : checked.site;
  // The company's own logo in the header and the share pictures; unchanged ones come from the picture cache.
  const pictures = await drawBrandPictures(site, logoOf(checked.photos), options.session);
  return {
    site,
    photos,
    pictures,
    warnings: checked.warnings,
    sources: checked.sources,
    translations: checked.translations,
    deploy: checked.deploy,
    closed: checked.closed ?? 0,
  };
}

/**
 * The whole pipeline in memory: the content prepared (prepareContent) while the client and
 * styles are bundled, then rendered (assembleSite). Throws ContentError with every problem when
 * the content is not valid; writes nothing.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const overrides = {
    siteUrl: options.siteUrl === undefined ? undefined : checkSiteUrlFlag(options.siteUrl),
    formEndpoint: options.formEndpoint === undefined ? undefined : checkUrlFlag('--form-endpoint', options.formEndpoint),
  };
  // A one-off build remembers only for itself, and drops it all with its result.
  const session = options.session ?? new Session();
  const bundling = bundleAssets({ ...options, session });
  // Keep a rejected bundle from being reported as unhandled while content is still checked.
  bundling.catch(() => undefined);
  const prepared = await prepareContent(options.contentDir, {
    session,
    strict: options.strict,
    completeTranslations: options.completeTranslations,
    closedWhileSample: options.closedWhileSample,
    siteUrlOverridden: overrides.siteUrl !== undefined,
    now: options.now,
    photos: options.photos,
    adjust: (site) => forHost(applyOverrides(site, overrides), options.host),
  });
  if ('problems' in prepared) throw new ContentError(prepared.problems, prepared.sources);
  const { site, photos, pictures } = prepared;
  return {
    site,
    files: [
      ...assembleSite(site, await bundling, { now: options.now, photos, pictures, session, closed: prepared.closed > 0 }),
      ...hostFiles(site, options.host, prepared.closed),
    ],
    warnings: prepared.warnings,
    sources: prepared.sources,
    photoStats: photos.stats,
    photos: photos.photos,
    translations: prepared.translations,
    deploy: prepared.deploy,
    closed: prepared.closed,
  };
}

export interface AssembleOptions {
  now?: Date;
  /**
   * Link the stylesheet as a file instead of writing it into each page: `site dev` does, so a
   * style edit can be swapped in without a reload (the page's policy would refuse new inline text).
   */
  linkStylesheet?: boolean;
  /** The page renderer; `site dev` passes one built from freshly edited templates. */
  render?: typeof renderPages;
  /** The site's photos, encoded; none when absent. */
  photos?: Pick<ProcessedPhotos, 'files' | 'photos'>;
  /** The logo's sizes and the share pictures (drawBrandPictures); none when absent. */
  pictures?: BrandPictures;
  /** What `site dev` remembers between renders: the drawings already made. */
  session?: Session;
  /** Every page the closed page, no popup and no sitemap: the texts are still the sample's. */
  closed?: boolean;
}

/** The content's logo among the checked photos, if it names one. */
function logoOf(photos: readonly CheckedPhoto[] | undefined): CheckedPhoto | undefined {
  return photos?.find((photo) => photo.slot === 'logo');
}

/** The last stage of build(): every output file for a valid site and its bundled assets. */
export function assembleSite(site: Site, bundle: Bundle, options: AssembleOptions = {}): OutputFile[] {
  const render = options.render ?? renderPages;
  // Pages carry the stylesheet in the site's colours with its constant tokens written in; site dev links the file as it is.
  const branded = withBrandTokens(bundle.styles, paletteOf(site.settings.brand));
  const styles = options.linkStylesheet ? branded : foldConstantTokens(branded);
  const stylesheetFile = brandedStylesheet(bundle.stylesheet, branded);
  const siteUrl = site.settings.seo.siteUrl.replace(/\/+$/, '');
  // Every language shows the same drawings: the English site names them all.
  const icons = iconFiles(site, options.session);
  // The WhatsApp popup is a file of its own per language, which pages fetch after loading; site dev keeps it in the page.
  const popups = options.linkStylesheet || options.closed ? [] : renderWhatsAppPopups(site);
  const popupAt = popupAddresses(popups, styles);
  const pages = render(site, {
    icons: icons.icons,
    assets: { js: bundle.js, styles: options.linkStylesheet ? { href: `/${stylesheetFile.path}` } : { inline: styles } },
    siteUrl,
    buildYear: (options.now ?? new Date()).getFullYear(),
    photos: options.photos?.photos ?? NO_PHOTOS,
    logo: options.pictures?.logo,
    ...(popups.length ? { whatsappPopups: popupAt } : {}),
    ...(options.closed ? { closed: true } : {}),
  });
  const popup = popupFiles(popups, popupAt, styles, pages);
  // The policy travels whole in each page's <meta>, which allows exactly the page's own stylesheet
  // and its popup's, and the map's frame only where it can be shown; _headers adds what holds for every file.
  const styled = pages.map((page) => (options.linkStylesheet ? { page, styles: [] } : withOwnStyles(page, styles, popup)));
  // site dev and the editor's preview (linkStylesheet) leave the prefetching rules out: the editor shows
  // its pages under its own policy, and nothing on this computer is worth fetching ahead.
  const secured = styled.map(({ page, styles }) => {
    const html = options.linkStylesheet ? String(page.contents) : withSpeculationRules(String(page.contents));
    return { ...page, contents: withPolicyMeta(html, site, { styles, map: showsMap(html) }) };
  });
  const stylesheet = options.linkStylesheet ? [stylesheetFile] : [];
  const made = [
    ...secured,
    ...popup.files,
    ...bundle.files,
    ...stylesheet,
    ...icons.files,
    ...(options.photos?.files ?? []),
    ...(options.pictures?.files ?? []),
    favicon(site),
    ...(options.closed ? [] : [sitemap(site, siteUrl)]),
    // A closed site lists no pages, so names no sitemap.
    robots(siteUrl, !options.closed),
    headersFile(site),
    assetsIgnoreFile(),
  ];
  return [...made, ...staticFilesBeside(bundle.static, made)];
}

/**
 * `page` with the whole stylesheet in its <head> cut down to the rules it can use (its own classes,
 * and those its popup shares with pages), and the hashes of that text and of its popup's style.
 */
function withOwnStyles(page: OutputFile, styles: string, popup: PopupFiles): { page: OutputFile; styles: string[] } {
  const html = String(page.contents);
  const whole = `<style>${styles}</style>`;
  const at = html.indexOf(whole);
  if (at < 0) throw new Error(`${page.path} does not carry the stylesheet in its <head>`);
  const address = popupAddressOf(html);
  const popupStyle = address === undefined ? undefined : popup.styles.get(address);
  const own = stylesForClasses(styles, address === undefined ? classesOf(html) : new Set([...classesOf(html), ...popup.shared]));
  const contents = `${html.slice(0, at)}<style>${own}</style>${html.slice(at + whole.length)}`;
  return { page: { ...page, contents }, styles: [hashSource(own), ...(popupStyle ? [hashSource(popupStyle)] : [])] };
}

/** The photos of a site that shows none. */
const NO_PHOTOS: Photos = { get: () => undefined };

function applyOverrides(site: Site, overrides: { siteUrl?: string; formEndpoint?: string }): Site {
  const { seo, form } = site.settings;
  return {
    ...site,
    translations: site.translations?.map((t) => ({ ...t, site: applyOverrides(t.site, overrides) })),
    settings: {
      ...site.settings,
      seo: { ...seo, siteUrl: overrides.siteUrl ?? seo.siteUrl },
      form: overrides.formEndpoint ? { ...form, endpoint: overrides.formEndpoint, plainEndpoint: overrides.formEndpoint } : form,
    },
  };
}

/**
 * --site-url: a web address (checkUrlFlag) that is only a site's root, as seo.siteUrl must be.
 * The deploy passes the repository's SITE_URL variable here, so the owner who set that variable
 * (and never typed a flag) is told where it comes from.
 */
const SITE_URL_FLAG = '--site-url (on GitHub, the repository variable SITE_URL)';

export function checkSiteUrlFlag(value: string): string {
  checkUrlFlag(SITE_URL_FLAG, value);
  const problem = siteAddressProblem(value);
  if (problem) throw new UsageError(`${SITE_URL_FLAG}: ${problem}`, SITE_ADDRESS_HINT);
  return value;
}

/** A web address given on the command line, or a located UsageError saying what was expected. */
export function checkUrlFlag(flag: string, value: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new UsageError(`${flag} needs a full web address starting with https:// (or http:// for a local server), got "${value}".`);
  }
  return value;
}
