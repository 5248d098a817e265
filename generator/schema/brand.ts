import { z } from 'zod';
import { HEX_COLOUR, hslOf, normalHex, ratioText } from '../contract/colour.js';
import { contrastFailures, passingNear } from '../contract/contrast.js';
import { SAMPLE_BRAND, type BrandColours } from '../contract/palette.js';
import { photoSrcProblem } from './photo.js';

const COLOUR_NAMES: Record<keyof BrandColours, string> = { primary: 'primary colour', accent: 'accent colour' };

function colour(description: string, example: string) {
  return z
    .string()
    .trim()
    .regex(HEX_COLOUR)
    .meta({
      description,
      expected: 'a colour written as # and six hex digits',
      hint: `write it as a web colour in quotes (any colour picker shows its code), e.g. "${example}"`,
      editorHint: `pick it, or type its code (any colour picker shows it), e.g. ${example}`,
      kind: 'colour',
    });
}

const LOGO_HINT =
  'save the logo as a PNG (best, keeps a transparent background) or JPEG of at least 512 pixels square in content/images/, and write e.g. logo: images/our-logo.png';

/**
 * The company's own look: two colours every shade of the design is worked out from
 * (generator/contract/palette.ts), and a logo picture. Each may be left out: the sample's teal,
 * mango and drawn mark stand in. A colour whose shades would set text below WCAG AA contrast
 * anywhere the design uses them is refused at its line, with a nearby colour that passes.
 */
export const brand = z
  .strictObject({
    primary: colour(
      'The main colour: header links, headings, buttons, the footer and the coloured bands; text on it is white, so a deep colour',
      '#0b5563',
    ).optional(),
    accent: colour('The colour of the calls to action (the quote buttons) and highlights; a warm, bright colour', '#f4a024').optional(),
    logo: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const found = photoSrcProblem(value);
        if (found) ctx.addIssue({ code: 'custom', message: found.message, params: { problem: found.problem, hint: LOGO_HINT } });
        else if (!/\.(png|jpe?g)$/i.test(value)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${value}" is not a PNG or JPEG; the logo is drawn into the favicon and the share pictures, which take those two.`,
            params: { problem: 'photo-unsupported', hint: LOGO_HINT },
          });
        }
      })
      .meta({
        description:
          'The company’s logo, a square-ish PNG or JPEG in content/images/ (at least 512 pixels): shown in the header, as the browser tab icon, in the share pictures and to search engines. Left out: the drawn mark',
        expected: 'the path of a PNG or JPEG in the content folder, e.g. images/our-logo.png',
        hint: LOGO_HINT,
        editorHint:
          'upload the logo as a PNG (best, keeps a transparent background) or JPEG of at least 512 pixels square, or pick one already in content/images/',
        kind: 'photo',
      })
      .optional(),
  })
  .superRefine(
    (chosen, ctx) => {
      const colours = { primary: chosen.primary, accent: chosen.accent };
      if (![colours.primary, colours.accent].every((c) => c === undefined || (typeof c === 'string' && HEX_COLOUR.test(c)))) return;
      const failures = contrastFailures(colours);
      for (const which of ['primary', 'accent'] as const) {
        // The first in the design's own order (buttons and links before small print) is named; the rest are counted.
        const mine = failures.filter((failure) => failure.colour === which);
        const worst = mine[0];
        if (!worst) continue;
        const given = colours[which];
        const near = passingNear(colours, which);
        const others = mine.length > 1 ? ` (and ${mine.length - 1} other place${mine.length > 2 ? 's' : ''} the design uses it)` : '';
        ctx.addIssue({
          code: 'custom',
          path: given === undefined ? [] : [which],
          message:
            `The ${COLOUR_NAMES[which]} ${given === undefined ? '(the sample’s, since none is given)' : normalHex(given)} makes ${worst.pair.where} hard to read: ` +
            `a contrast of ${ratioText(worst.ratio)}, where WCAG AA asks at least ${worst.pair.minimum}:1${others}.` +
            (near ? ` A nearby colour that passes everywhere: "${near}".` : ''),
          params: {
            problem: 'low-contrast',
            hint: near
              ? `use "${near}", or choose a ${hslOf(near).l < hslOf(given ?? SAMPLE_BRAND[which]).l ? 'darker' : 'lighter'} ${which} colour of your own and check again`
              : `choose a ${which === 'primary' ? 'deeper' : 'different'} ${which} colour and check again`,
          },
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .meta({ description: 'The company’s colours and logo; each may be left out, and the sample’s look stands in' });
