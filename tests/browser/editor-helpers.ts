/**
 * The editor's browser tests run `site dev` in this process on a temporary copy of the project
 * with the sample content, made a git repository whose remote is a local bare repository, so
 * saving and publishing touch nothing but temporary folders.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { contentEditor } from '../../generator/editor/plugin.js';
import { startDev } from '../../generator/serve/dev.js';
import type { RunningServer } from '../../generator/serve/http.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EditorProject {
  /** The project copy (git repository) and its content folder. */
  dir: string;
  content: string;
  /** The bare repository that is its remote ("origin"). */
  remote: string;
  server: Pick<RunningServer, 'url' | 'close'>;
  /** The empty home folder the server runs with, when it was started with no git identity. */
  home?: string;
  url: (address: string) => string;
  git: (...args: string[]) => Promise<string>;
  /** A content file's text, e.g. read('services.yaml'). */
  read: (file: string) => Promise<string>;
  /** Changes a content file on disk the way a text editor does (write aside, then rename). */
  write: (file: string, change: (text: string) => string) => Promise<void>;
  close: () => Promise<void>;
}

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Site Operator',
  GIT_AUTHOR_EMAIL: 'operator@keralamovers.test',
  GIT_COMMITTER_NAME: 'Site Operator',
  GIT_COMMITTER_EMAIL: 'operator@keralamovers.test',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
};

export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd, env: GIT_ENV });
  return stdout;
}

/**
 * The sample content with its sample contact details replaced by real-looking ones, and its texts
 * said to be that company's own, so that `site build --strict` (which publishing runs) accepts it.
 */
export function strictReady(text: string): string {
  return (
    text
      .split('\n')
      .filter((line) => !/^\s*# PLACEHOLDER\b/.test(line))
      .join('\n')
      .replaceAll('+91 90000 00000', '+91 94470 12345')
      .replaceAll('example.com', 'keralamovers.in')
      .replaceAll('Example Movers & Packers', 'Kerala Movers & Packers')
      // The sample's texts were written for this company: it says so, or the sample's wording would stop the build.
      .replace(/^( +)name: Kerala Movers & Packers$/m, '$1name: Kerala Movers & Packers\n$1textsWrittenFor: Kerala Movers & Packers')
      .replaceAll('Example Movers and Packers', 'Kerala Movers and Packers')
      .replaceAll('Example%20Movers', 'Kerala%20Movers')
      .replaceAll('example-movers', 'keralamovers')
      .replaceAll('12 Example Road', '14 Temple Road')
      .replaceAll('Edappally%2C%20Kochi', 'Palarivattom%2C%20Kochi')
      .replaceAll('32AAECE1234F1ZB', '32AAECK5678M1Z2')
      .replaceAll('10.02581', '10.00412')
      .replaceAll('76.30832', '76.30514')
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * `identity: false` starts `site dev` as a program of its own (the compiled CLI) whose git knows
 * no name and email anywhere: an empty home folder, no system settings, none in the repository.
 * Otherwise it runs in this process and the repository has a name and email of its own, so no
 * test leans on the computer's.
 */
export async function startEditorProject(options: { strictReady?: boolean; identity?: boolean } = {}): Promise<EditorProject> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'site-editor-'));
  const dir = path.join(base, 'project');
  const remote = path.join(base, 'remote.git');
  for (const folder of ['generator', 'templates', 'client', 'static', 'editor']) {
    if (existsSync(path.join(ROOT, folder))) await cp(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  for (const file of ['.gitignore', 'package.json']) await cp(path.join(ROOT, file), path.join(dir, file));
  const content = path.join(dir, 'content');
  await cp(path.join(ROOT, 'tests/sample/content'), content, { recursive: true });
  if (options.strictReady) {
    for (const file of await filesUnder(content)) {
      if (file.endsWith('.yaml')) await writeFile(file, strictReady(await readFile(file, 'utf8')));
    }
  }
  await git(base, 'init', '--bare', '--quiet', remote);
  await git(dir, 'init', '--quiet');
  await git(dir, 'add', '.');
  await git(dir, 'commit', '--quiet', '-m', 'The site as published');
  await git(dir, 'remote', 'add', 'origin', remote);
  await git(dir, 'push', '--quiet', '-u', 'origin', 'main');

  let home: string | undefined;
  let server: EditorProject['server'];
  if (options.identity === false) {
    home = path.join(base, 'home');
    await mkdir(home);
    server = await spawnDev(content, dir, home);
  } else {
    await git(dir, 'config', 'user.name', GIT_ENV.GIT_AUTHOR_NAME);
    await git(dir, 'config', 'user.email', GIT_ENV.GIT_AUTHOR_EMAIL);
    server = await startDev({
      contentDir: content,
      root: dir,
      port: 0,
      log: { cwd: dir, out: () => undefined, err: () => undefined },
      plugins: [contentEditor],
    });
  }
  return {
    dir,
    content,
    remote,
    server,
    home,
    url: (address) => new URL(address, server.url).href,
    git: (...args) => git(dir, ...args),
    read: (file) => readFile(path.join(content, file), 'utf8'),
    write: async (file, change) => {
      const target = path.join(content, file);
      const text = change(await readFile(target, 'utf8'));
      await writeFile(`${target}.tmp`, text);
      await rename(`${target}.tmp`, target);
    },
    close: async () => {
      await server.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** `site dev` from the compiled CLI, with git's settings only from the repository itself. */
async function spawnDev(content: string, cwd: string, home: string): Promise<EditorProject['server']> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
  for (const key of ['GIT_CONFIG_GLOBAL', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'EMAIL'])
    delete env[key];
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/site.js'), 'dev', '--content', content, '--port', '0'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const found = /Edit the content at (http:\/\/\S+)\/__edit/.exec(printed);
      if (found) resolve(`${found[1]}/`);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`site dev stopped (${code}) before it served:\n${printed}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** Opens a content file in the editor and waits for its form. */
export async function openFile(page: Page, project: EditorProject, file: string): Promise<void> {
  await page.goto(project.url(`/__edit/${file}`));
  // Opening reads the file and checks the whole content: some seconds on a busy machine.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible({ timeout: 20_000 });
}

/** The lines a change replaced and the lines it put in, from `git diff` of one file. */
export async function changedLines(project: EditorProject, file: string): Promise<{ removed: string[]; added: string[] }> {
  const diff = await project.git('diff', '--unified=0', '--', `content/${file}`);
  const lines = diff.split('\n').filter((line) => !line.startsWith('---') && !line.startsWith('+++'));
  return {
    removed: lines.filter((line) => line.startsWith('-')).map((line) => line.slice(1)),
    added: lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1)),
  };
}
