/** The frozen sample content the site under test is built from (tests/sample/content), parsed. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const SAMPLE = path.resolve(import.meta.dirname, '../../sample/content');

export function sample<T>(file: string): T {
  return parse(readFileSync(path.join(SAMPLE, file), 'utf8')) as T;
}
