import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { main } from '../../bin/cli.js';
import { captureIo, contentWithFixture } from './content.js';

/** A value set at a path of a content file, as an owner would write it: [file, path, value]. */
export type SampleEdit = [file: string, path: (string | number)[], value: unknown];

const made: string[] = [];

/** A temporary copy of the sample content with each edit made; removeSamples() removes it. */
export async function sampleWith(edits: readonly SampleEdit[]): Promise<string> {
  const dir = await contentWithFixture();
  made.push(dir);
  for (const [file, at, value] of edits) {
    const name = path.join(dir, 'content', file);
    const doc = parseDocument(await readFile(name, 'utf8'));
    doc.setIn(at, value);
    await writeFile(name, String(doc));
  }
  return dir;
}

/** The CLI run in `dir`: its exit code and everything it printed. */
export async function runSite(dir: string, args: string[]): Promise<{ code: number; out: string }> {
  const io = captureIo(dir);
  const code = await main(args, io);
  return { code, out: `${io.stdout()}\n${io.stderr()}` };
}

/** Removes every copy sampleWith() made, for afterEach. */
export async function removeSamples(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
