import { z } from 'zod';
import { TEXT_PATTERN } from './fields.js';

/** The photo field: `{ src, alt }`, with what may be written as `src` checked before any file is read. */

/** Photo files the site can read and re-encode, by extension (lowercase). */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

const PHOTO_SRC_HINT = 'put the file in content/images/ and write its name after images/, e.g. src: images/crew.jpg';

/**
 * What is wrong with a photo's `src` as written, before any file is read: it must be a path inside
 * the content folder, relative to it, naming a kind of file the site can read.
 */
export function photoSrcProblem(
  value: string,
): { message: string; problem: 'photo-outside-content' | 'photo-unsupported'; hint: string } | undefined {
  const written = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(written)) {
    return {
      problem: 'photo-outside-content',
      message: `"${value}" is a web address, but photos are served from the site itself, so the file must be in the content folder.`,
      hint: `download the photo, then ${PHOTO_SRC_HINT}`,
    };
  }
  if (/^([/\\]|[a-z]:)/i.test(written) || written.startsWith('~')) {
    return {
      problem: 'photo-outside-content',
      message: `"${value}" is a path on this computer; src is written relative to the content folder, so the site can be built anywhere.`,
      hint: PHOTO_SRC_HINT,
    };
  }
  if (written.split(/[/\\]/).includes('..')) {
    return {
      problem: 'photo-outside-content',
      message: `"${value}" leads out of the content folder with "..", but the site only publishes photos kept inside it.`,
      hint: `copy the photo into content/images/, then ${PHOTO_SRC_HINT.replace('put the file in content/images/ and ', '')}`,
    };
  }
  const extension = /\.[^./\\]+$/.exec(written)?.[0].toLowerCase();
  if (!extension || !(PHOTO_EXTENSIONS as readonly string[]).includes(extension)) {
    const kind = extension ? `a ${extension} file` : 'a name without an ending such as .jpg';
    return {
      problem: 'photo-unsupported',
      message: `"${value}" is ${kind}; the site takes photos as JPEG (.jpg), PNG, WebP or AVIF.`,
      hint: !extension
        ? `write the whole file name with its ending, e.g. ${written.replace(/\/$/, '')}.jpg`
        : extension === '.heic' || extension === '.heif'
          ? 'iPhone photos: export or share the photo as JPEG (or set Settings → Camera → Formats → Most Compatible), then use the .jpg file'
          : 'save the picture as JPEG (any photo program can: "Save as" or "Export" → JPEG), then write its .jpg name here',
    };
  }
  return undefined;
}

/** `photoSrcProblem` as a JSON Schema pattern, for editors. */
const PHOTO_SRC_PATTERN =
  '^(?![/\\\\~])(?![A-Za-z]:)(?![A-Za-z][A-Za-z0-9+.-]*://)(?!(?:.*[/\\\\])?\\.\\.(?:[/\\\\]|$)).*\\.(?:[jJ][pP][eE]?[gG]|[pP][nN][gG]|[wW][eE][bB][pP]|[aA][vV][iI][fF])$';

/**
 * A photo: a file inside the content folder and what it shows. The file itself (is it there, is
 * it a picture, is it big enough) is checked by generator/images/check.ts, located at `src`.
 */
export function photo(description: string) {
  return z
    .strictObject({
      src: z
        .string()
        .superRefine((value, ctx) => {
          const found = photoSrcProblem(value);
          if (found) ctx.addIssue({ code: 'custom', message: found.message, params: { problem: found.problem, hint: found.hint } });
        })
        .meta({
          description: 'The photo file, relative to the content folder, e.g. images/crew.jpg (JPEG, PNG, WebP or AVIF)',
          expected: 'the path of a photo in the content folder, e.g. images/crew.jpg',
          hint: PHOTO_SRC_HINT,
          pattern: PHOTO_SRC_PATTERN,
        }),
      alt: z.string().trim().min(1).meta({
        description: 'What the photo shows, in a sentence, for people who cannot see it (screen readers, slow connections, search engines)',
        expected: 'a sentence saying what the photo shows',
        hint: 'describe what is in the picture, e.g. "Our crew wrapping a sofa in a Kochi flat"; not "photo" or the file name',
        pattern: TEXT_PATTERN,
        // Read out in the page's language: each translation gives its own.
        translatable: true,
      }),
    })
    .meta({ description, kind: 'photo' });
}
