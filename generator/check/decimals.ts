import { isScalar, type Node } from 'yaml';
import type { LoadedFile } from '../load/load.js';
import { formatPath, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { metaAt, type Schema } from '../schema/derived/walk.js';
import { decimalsWritten } from '../schema/fields.js';

/**
 * Numbers that need a number of digits after the point (a map position: 5, about a metre),
 * counted as the operator wrote them: 11.25880 has 5, though the number it reads as, 11.2588, has
 * 4.
 */
export function decimalProblems(file: LoadedFile, root: Schema): Problem[] {
  const problems: Problem[] = [];
  // Aliases can make a file's data a loop; each group is visited once, and only where the schema has fields.
  const seen = new Set<object>();
  const visit = (value: unknown, path: PathSegment[]) => {
    if (value !== null && typeof value === 'object') {
      if (seen.has(value) || path.length > 12) return;
      seen.add(value);
      if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
      else for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    } else if (typeof value === 'number') {
      const meta = metaAt(root, path);
      const needed = meta.minDecimals;
      if (needed === undefined) return;
      const node = file.doc.getIn(path, true) as Node | undefined;
      const written = isScalar(node) && typeof node.source === 'string' ? node.source : String(value);
      const decimals = decimalsWritten(written);
      if (decimals >= needed) return;
      const what = String(path.at(-1));
      problems.push({
        code: 'imprecise',
        file: file.file,
        ...locateValue(file.doc, file.lineCounter, file.source, path),
        path: formatPath(path, file.data),
        message: `A ${what} needs at least ${needed} digits after the point (about a metre) for search engines to use it, but ${written} has ${decimals}.`,
        ...(meta.hint ? { hint: meta.hint } : {}),
      });
    }
  };
  visit(file.data, []);
  return problems;
}
