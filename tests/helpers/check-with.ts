import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { main } from '../../bin/cli.js';
import { captureIo } from './content.js';

/**
 * `site check` of the content folder in `dir` with one file's text replaced by `text`: its exit
 * code and what it printed. The file is put back as it was afterwards, so one folder serves many cases.
 */
export async function checkWithFile(dir: string, name: string, text: string): Promise<{ code: number; out: string }> {
  const content = path.join(dir, 'content');
  const file = path.join(content, name);
  const before = await readFile(file, 'utf8');
  await writeFile(file, text);
  try {
    const io = captureIo(dir);
    const code = await main(['check', '--content', content], io);
    return { code, out: io.stderr() };
  } finally {
    await writeFile(file, before);
  }
}
