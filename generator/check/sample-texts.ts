import type { LoadedFile } from '../load/load.js';
import { formatPath, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem, ProblemCode } from '../problems/problem.js';
import { SAMPLE_PROSE } from './sample-prose.js';
import { sampleKind } from './sample-values.js';
import { textsOf } from './texts.js';

/**
 * Texts still worded exactly as the sample company's: a company that starts from the sample and
 * keeps its prose says, without noticing, that it is "family-run" or moves "a family pet". The
 * sample's texts are recorded (sample-prose.ts, by file, as keys of their words); a text of the
 * same file with the same words is reported where it stands. Where its place is one that states
 * facts about the company (its story, its offer, its promises, its reviews: STATES_FACTS) it is a
 * `sample-claim`, which a strict build refuses; elsewhere a `sample-text`, a warning only, since
 * a form's or a menu's wording suits any company.
 */
export function findSampleTexts(files: readonly LoadedFile[]): Problem[] {
  if (!asksAboutTexts(files)) return [];
  const problems: Problem[] = [];
  for (const file of files) {
    const name = recordName(file);
    const recorded = SAMPLE_PROSE[name];
    if (file.data === undefined || !recorded) continue;
    const keys = new Set(recorded);
    for (const text of textsOf(file)) {
      if (!keys.has(proseKey(text.value)) || sampleKind(text.value) !== undefined) continue;
      const claim = statesFacts(file.name, text.path);
      const where = locateValue(file.doc, file.lineCounter, file.source, text.path);
      problems.push({
        code: claim ? 'sample-claim' : 'sample-text',
        severity: 'warning',
        file: file.file,
        ...where,
        path: formatPath(text.path, file.data),
        message: claim
          ? `This text is still the sample company's, word for word (${opening(text.value)}): what it says of that company's story, services or promises may not be true of this one.`
          : `This text is still the sample's, word for word (${opening(text.value)}).`,
        hint: claim ? claimHint(file) : 'keep it if it says what the company would say, or write it in the company’s own words',
        editor: claim
          ? {
              message: '{field} still says, word for word, what the sample company says of itself, which may not be true of this one.',
              hint: 'write what is true of the company, in its own words',
            }
          : {
              message: '{field} is still the sample’s wording, word for word.',
              hint: 'keep it if it says what the company would say, or write it in the company’s own words',
            },
      });
    }
  }
  return problems;
}

/**
 * What to do about a sample claim. In a translation the owner may not write the language: the
 * line can go instead, and the page then shows the company's own English text until it is translated.
 */
function claimHint(file: LoadedFile): string {
  if (!file.language) return 'write what is true of the company, in its own words';
  return `write what is true of the company, in its own words in ${file.language.englishName}; or delete this line, and the page shows your English text for it until it is translated`;
}

/**
 * Whether the content is another company's than the sample's, with texts not said to be its own.
 * While the company's name is still the sample's, the content is the sample itself (its prose is
 * that company's own, and the name, a placeholder, already stops the deploy). A company whose
 * texts were written for it (this project's own company, once it has its name) says so by writing
 * its name under company.textsWrittenFor: the statement holds only while the name is that one, so
 * a company starting from a copy of that content is asked about the texts all the same.
 */
export function asksAboutTexts(files: readonly LoadedFile[]): boolean {
  const site = files.find((file) => file.name === 'site.yaml' && !file.language)?.data as
    | { company?: { name?: unknown; textsWrittenFor?: unknown } }
    | undefined;
  const name = site?.company?.name;
  if (typeof name !== 'string' || sampleKind(name) !== undefined) return false;
  const writtenFor = site?.company?.textsWrittenFor;
  return typeof writtenFor !== 'string' || writtenFor.trim() !== name.trim();
}

/** The codes this check reports. */
export const SAMPLE_TEXT_CODES: readonly ProblemCode[] = ['sample-claim', 'sample-text'];

/** A content file's name as the record knows it: `pages/about.yaml`, `ml/pages/about.yaml`. */
export function recordName(file: Pick<LoadedFile, 'name' | 'language'>): string {
  return file.language ? `${file.language.folder}/${file.name}` : file.name;
}

/**
 * Where the sample states facts about its company, by file and by the path of keys (list places
 * left out) that starts the text's own: the story, the offer, the promises and the reviews. A
 * company keeping one of these says something of itself it may not have checked.
 */
const STATES_FACTS: Readonly<Record<string, readonly string[]>> = {
  'site.yaml': ['company.tagline', 'company.description', 'contact.hours', 'contact.support', 'business'],
  'services.yaml': ['services'],
  'testimonials.yaml': ['testimonials'],
  'pages/home.yaml': [
    'seo',
    'hero',
    'about',
    'services.heading.intro',
    'services.items',
    'whyChooseUs',
    'testimonials.heading.intro',
    'cta.text',
  ],
  'pages/about.yaml': ['seo', 'hero', 'story', 'values.items', 'whyChoose', 'cta.text', 'facts'],
  'pages/services.yaml': ['seo', 'hero', 'cta.text'],
  'pages/contact.yaml': ['seo', 'hero.text', 'methods', 'form.success', 'whyChoose', 'responseTime', 'map.heading.intro', 'areas', 'faq'],
};

/** Whether the text at `path` of the English file `name` (or its translation) states facts about the company. */
export function statesFacts(name: string, path: readonly PathSegment[]): boolean {
  const keys = path.filter((segment) => typeof segment === 'string').join('.');
  return (STATES_FACTS[name] ?? []).some((prefix) => keys === prefix || keys.startsWith(`${prefix}.`));
}

/**
 * A text's words as the record keeps them: spacing and line breaks do not count (a folded text
 * may be wrapped anew), the words do. A 53-bit hash, written in base 36: the record holds no
 * copy of the sample's prose, and a company's own text matching one by chance is out of reach.
 */
export function proseKey(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < words.length; i++) {
    const code = words.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The first words of a text, quoted, to recognise it by. */
function opening(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length <= 60 ? JSON.stringify(words) : `${JSON.stringify(`${words.slice(0, 60).replace(/\s+\S*$/, '')}…`)}`;
}
