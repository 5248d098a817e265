import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/content.js';

const run = promisify(execFile);
const REFERENCE = path.join(ROOT, 'docs/reference/cli.md');
const BUNDLE = path.join(ROOT, 'lib/cli/cli.cjs');

/** What the compiled CLI prints for `site [command] --help`, as a pipe sees it (80 columns). */
async function help(command: string): Promise<string> {
  const args = [path.join(ROOT, 'bin/site.js'), ...(command ? [command] : []), '--help'];
  const { stdout } = await run('node', args, { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
  return stdout.trimEnd();
}

/** The reference's help blocks, by the command their usage line names ('' for the program). */
function documentedBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of markdown.matchAll(/^```text\n([\s\S]*?)\n```$/gm)) {
    const text = match[1] ?? '';
    const usage = /^Usage: site (?:(\S+) )?\[options\]/.exec(text);
    if (!usage) continue;
    const command = usage[1] ?? '';
    expect(blocks.has(command), `docs/reference/cli.md shows the help of "site ${command}" twice`).toBe(false);
    blocks.set(command, text);
  }
  return blocks;
}

/** The commands the program's own help lists, `help` aside. */
function listedCommands(programHelp: string): string[] {
  const section = programHelp.split('\nCommands:\n')[1] ?? '';
  return [...section.matchAll(/^ {2}(\S+)/gm)].flatMap((match) => (match[1] && match[1] !== 'help' ? [match[1]] : []));
}

describe('the CLI reference (docs/reference/cli.md)', () => {
  it('shows, word for word, what the compiled CLI prints for --help, for the program and every command', async () => {
    expect(existsSync(BUNDLE), 'lib/cli/cli.cjs is missing: run npm run compile before this test').toBe(true);
    const programHelp = await help('');
    const commands = listedCommands(programHelp);
    expect(commands.length, 'the program lists its commands').toBeGreaterThan(0);
    const documented = documentedBlocks(await readFile(REFERENCE, 'utf8'));
    expect([...documented.keys()].sort(), 'one block for the program and one for each command, no more').toEqual(['', ...commands].sort());
    expect(documented.get(''), 'site --help').toBe(programHelp);
    const printed = await Promise.all(commands.map(help));
    for (const [at, command] of commands.entries()) expect(documented.get(command), `site ${command} --help`).toBe(printed[at]);
  }, 60_000);
});
