import type { PathSegment } from '../problems/locate.js';
import type { ContentFile, Site } from '../schema/index.js';
import type { SlotName } from '../contract/photo-slots.js';

/** A photo as the content names it: where it is written, what it shows, and where it goes. */
export interface PhotoRef {
  file: ContentFile;
  /** Path of the photo block in its file, e.g. ['services', 2, 'image']. */
  path: PathSegment[];
  /** Path of the file's name, when it is not the block's `src` (the logo is a name alone). */
  srcPath?: PathSegment[];
  src: string;
  alt: string;
  slot: SlotName;
}

/** Every photo the validated site shows, in page order. */
export function photoRefs(site: Site): PhotoRef[] {
  const refs: PhotoRef[] = [];
  const add = (file: ContentFile, path: PathSegment[], image: { src: string; alt: string } | undefined, slot: SlotName) => {
    if (image) refs.push({ file, path, src: normalizeSrc(image.src), alt: image.alt, slot });
  };
  add('pages/home.yaml', ['hero', 'image'], site.pages.home.hero.image, 'hero');
  add('pages/about.yaml', ['story', 'image'], site.pages.about.story.image, 'story');
  site.services.forEach((service, index) => add('services.yaml', ['services', index, 'image'], service.image, 'service'));
  site.testimonials.forEach((testimonial, index) =>
    add('testimonials.yaml', ['testimonials', index, 'photo'], testimonial.photo, 'avatar'),
  );
  add('site.yaml', ['seo', 'shareImage'], site.settings.seo.shareImage, 'share');
  const logo = site.settings.brand?.logo;
  if (logo)
    refs.push({
      file: 'site.yaml',
      path: ['brand'],
      srcPath: ['brand', 'logo'],
      src: normalizeSrc(logo),
      alt: site.settings.company.name,
      slot: 'logo',
    });
  return refs;
}

/** `src` as the key templates look a photo up by: trimmed, forward slashes, no leading ./ */
export function normalizeSrc(src: string): string {
  return src
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
}

/** The key a processed photo is stored under: the same file may be cut differently per slot. */
export function photoKey(slot: SlotName, src: string): string {
  return `${slot}:${normalizeSrc(src)}`;
}
