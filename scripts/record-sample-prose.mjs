// Records the sample content's prose in generator/check/sample-prose.ts, so that `site check`
// can tell a text still worded as the sample's. Run it after changing the sample's wording, while
// content/ is still the sample (before a company's own edits), after `npm run compile`:
//
//   node scripts/record-sample-prose.mjs [content folders…]
//
// By default it records tests/sample/content and content/ together: the frozen sample the tests
// build, and the content a company starts from.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../lib/generator/load/load.js';
import { recordProse, recordSource } from '../lib/generator/check/sample-prose-record.js';

const root = path.resolve(import.meta.dirname, '..');
const folders = process.argv.length > 2 ? process.argv.slice(2) : ['tests/sample/content', 'content'];
const record = new Map();
for (const folder of folders) {
  const loaded = await loadContent(path.resolve(root, folder));
  recordProse(loaded.files, record);
}
const target = path.join(root, 'generator/check/sample-prose.ts');
writeFileSync(target, recordSource(record));
const count = [...record.values()].reduce((sum, keys) => sum + keys.size, 0);
console.log(`Recorded ${count} texts of ${record.size} files in ${path.relative(root, target)}.`);
