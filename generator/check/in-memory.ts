import type { LoadedFile } from '../load/load.js';
import { decodeContent } from '../load/encoding.js';
import { parseFile } from '../load/parse.js';
import { sortProblems } from '../problems/order.js';
import type { Problem } from '../problems/problem.js';
import { CONTENT_FILES, type ContentFile } from '../schema/index.js';
import { findCutText } from './comments.js';
import { findContradictions } from './contradictions.js';
import { findFactsOutsideTexts, findUnknownFacts } from './fact-names.js';
import { contentFacts } from './fact-values.js';
import { findPlaceholders } from './placeholders.js';
import { refusedWarnings } from './strict-errors.js';
import { deployRefusing } from '../problems/strictness.js';
import { validateContent } from './validate.js';

/**
 * The content check on texts held in memory (content files by name, services.yaml,
 * pages/home.yaml), with no file system: the browser and the Worker check an owner's change with
 * the same code `site check` runs. Each problem's file is `content/<name>`.
 *
 * It covers the English files: reading them, their schemas, the facts their texts name, the
 * placeholders and contradictions; under `strict`, the warnings the deploy refuses become
 * problems, worded as `site check --strict` words them. Photos (their bytes are not at hand) and
 * translations are left to the deploy's own check.
 */

export const MEMORY_CONTENT = 'content';

export interface MemoryCheck {
  problems: Problem[];
  warnings: Problem[];
}

export function checkTexts(texts: ReadonlyMap<string, string | Uint8Array>, { now = new Date(), strict = false } = {}): MemoryCheck {
  const problems: Problem[] = [];
  const files: LoadedFile[] = [];
  for (const name of Object.keys(CONTENT_FILES) as ContentFile[]) {
    const file = `${MEMORY_CONTENT}/${name}`;
    const held = texts.get(name);
    if (held === undefined) {
      problems.push({
        code: 'file-missing',
        file,
        path: '',
        message: `The file ${name} is missing; the site needs it to build.`,
        hint: `put ${name} back as it was in the last published version`,
      });
      continue;
    }
    const decoded = decodeContent(typeof held === 'string' ? new TextEncoder().encode(held) : held, name);
    if ('problem' in decoded) {
      problems.push({ ...decoded.problem, file });
      continue;
    }
    files.push(parseFile(name, file, decoded.text, problems));
  }
  const facts = contentFacts(files, now);
  const validated = validateContent(files, facts.english);
  problems.push(...validated.problems, ...findUnknownFacts(files), ...findFactsOutsideTexts(files), ...facts.problems);
  const contradictions = validated.site
    ? findContradictions(files, validated.writtenSettings ?? validated.site.settings, new Map(), now)
    : [];
  const warnings = [...findCutText(files), ...validated.warnings, ...contradictions, ...findPlaceholders(files)];
  if (!strict) return { problems: sortProblems(problems), warnings: sortProblems(warnings) };
  const { errors, kept } = refusedWarnings(warnings, deployRefusing(validated.site?.settings.completeTranslations === true));
  return { problems: sortProblems([...problems, ...errors]), warnings: sortProblems(kept) };
}
