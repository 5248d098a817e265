import { CONTENT_FILES, type ContentFile } from '../../schema/index.js';
import { PAGES, openedAt, pageOf, type PageId } from '../../contract/pages.js';
import { TRANSLATIONS, type Language } from '../../contract/languages.js';

/**
 * The files the editor may open: the content files the site reads, and their translations in a
 * language folder. Names are relative to the content folder, with forward slashes.
 */
export interface EditableFile {
  /** e.g. services.yaml, pages/home.yaml, ml/services.yaml */
  rel: string;
  /** The English file it is or translates. */
  name: ContentFile;
  language?: Language;
}

export function editableFiles(): EditableFile[] {
  const names = Object.keys(CONTENT_FILES) as ContentFile[];
  return [
    ...names.map((name) => ({ rel: name, name })),
    ...TRANSLATIONS.flatMap((language) => names.map((name) => ({ rel: `${language.folder}/${name}`, name, language }))),
  ];
}

/** The editable file of that exact name, or undefined: no other name reaches a file. */
export function editableFile(rel: string): EditableFile | undefined {
  return editableFiles().find((file) => file.rel === rel);
}

/** A file's name in words: pages/home.yaml → "Home page", ml/services.yaml → "Services (Malayalam)". */
export function fileTitle(file: EditableFile): string {
  const title = TITLES[file.name] ?? derivedTitle(file.name);
  return file.language ? `${title} (${file.language.englishName})` : title;
}

/** Names that say more than the file's own name. */
const TITLES: Partial<Record<ContentFile, string>> = {
  'site.yaml': 'Company details',
  'whatsapp.yaml': 'WhatsApp chat',
  'layout.yaml': 'Header and footer',
  'testimonials.yaml': 'Reviews',
  'pages/not-found.yaml': 'Page not found',
  'pages/privacy.yaml': 'Privacy notice',
};

function derivedTitle(name: string): string {
  const base = name
    .replace(/\.ya?ml$/, '')
    .split('/')
    .pop()!
    .replace(/-/g, ' ');
  const words = name.startsWith('pages/') ? `${base} page` : base;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One line saying what a file holds: the first sentence of the comment it starts with (after the
 * schema line and a DRAFT note), else a plain description.
 */
export function fileSummary(file: EditableFile, source: string | undefined): string {
  const comment: string[] = [];
  for (const line of (source ?? '').split('\n')) {
    const match = /^#\s?(.*)$/.exec(line);
    if (!match) {
      if (comment.length > 0) break;
      continue;
    }
    const text = match[1]!.trim();
    if (text.startsWith('yaml-language-server:') || /^DRAFT\b/.test(text)) continue;
    if (text === '' && comment.length > 0) break;
    if (text !== '') comment.push(text);
  }
  const joined = comment.join(' ');
  const sentence = /^.*?[.!?](?=\s|$)/.exec(joined)?.[0] ?? joined;
  if (sentence) return sentence;
  return file.language ? `The ${file.language.englishName} texts of ${file.name}.` : `The settings in ${file.name}.`;
}

/** Where each file's content shows, first the page it is mostly about; 'every' for what every page carries. */
const SHOWN_ON: Record<ContentFile, readonly PageId[] | 'every'> = {
  'site.yaml': 'every',
  'layout.yaml': 'every',
  'whatsapp.yaml': 'every',
  'services.yaml': ['services', 'home', 'contact'],
  'testimonials.yaml': ['home'],
  'pages/home.yaml': ['home'],
  'pages/about.yaml': ['about'],
  'pages/services.yaml': ['services'],
  'pages/contact.yaml': ['contact'],
  'pages/not-found.yaml': ['notFound'],
  'pages/privacy.yaml': ['privacy'],
};

/**
 * The site addresses a file's content shows on, in its own language: what its preview offers.
 * What every page carries is offered on the pages with an address of their own.
 */
export function pagesOf(file: EditableFile): string[] {
  const shown = SHOWN_ON[file.name];
  const pages = shown === 'every' ? PAGES.filter((page) => page.addressed) : shown.map(pageOf);
  return pages.map((page) => openedAt(page, file.language));
}
