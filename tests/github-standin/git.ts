/**
 * The stand-in's repository: a real bare git repository, read and written with git's plumbing only,
 * so what the Worker publishes can be checked with git itself.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface GitTreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size: number | undefined;
  path: string;
}

export interface GitCommit {
  sha: string;
  tree: string;
  parents: string[];
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
  message: string;
}

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Site owner',
  GIT_AUTHOR_EMAIL: 'owner@movers.example',
  GIT_COMMITTER_NAME: 'GitHub',
  GIT_COMMITTER_EMAIL: 'noreply@github.com',
};

export class BareRepository {
  private constructor(readonly dir: string) {}

  static async create(): Promise<BareRepository> {
    const dir = await mkdtemp(path.join(tmpdir(), 'github-standin-'));
    const repository = new BareRepository(dir);
    await repository.git(['init', '--bare', '--quiet', '--initial-branch=main']);
    return repository;
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  /** git in the bare repository; stdin when given; answers stdout. */
  git(args: string[], input?: Buffer | string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        { cwd: this.dir, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...IDENTITY, GIT_DIR: this.dir } },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`git ${args.join(' ')}: ${stderr.toString()}`, { cause: error }));
          else resolve(stdout);
        },
      );
      // git may exit without reading its input (cat-file on a missing object): its answer is what counts.
      child.stdin!.on('error', () => {});
      if (input === undefined) child.stdin!.end();
      else child.stdin!.end(input);
    });
  }

  async text(args: string[], input?: Buffer | string): Promise<string> {
    return (await this.git(args, input)).toString('utf8').trim();
  }

  /** The commit a branch points at, or undefined when there is no such branch. */
  async ref(branch: string): Promise<string | undefined> {
    return (await this.text(['for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`])) || undefined;
  }

  async exists(sha: string, type: string): Promise<boolean> {
    if (!/^[0-9a-f]{40}$/.test(sha)) return false;
    return this.text(['cat-file', '-t', sha]).then(
      (found) => found === type,
      () => false,
    );
  }

  /** Every entry under a tree, folders included (git ls-tree -r -t -l). */
  async listTree(tree: string): Promise<GitTreeEntry[]> {
    const out = await this.text(['ls-tree', '-r', '-t', '-l', '-z', tree]);
    return out
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta, entryPath] = line.split('\t') as [string, string];
        const [mode, type, sha, size] = meta.split(/\s+/) as [string, GitTreeEntry['type'], string, string];
        return { mode, type, sha, size: size === '-' ? undefined : Number(size), path: entryPath };
      });
  }

  async readBlob(sha: string): Promise<Buffer> {
    return this.git(['cat-file', 'blob', sha]);
  }

  async readCommit(sha: string): Promise<GitCommit> {
    const raw = await this.text(['cat-file', 'commit', sha]);
    const [header, ...message] = raw.split('\n\n');
    const person = (line: string) => {
      const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(line)!;
      return { name: match[1]!, email: match[2]!, date: new Date(Number(match[3]) * 1000).toISOString().replace(/\.000Z$/, 'Z') };
    };
    const lines = header!.split('\n');
    const field = (name: string) => lines.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));
    return {
      sha,
      tree: field('tree')[0]!,
      parents: field('parent'),
      author: person(field('author')[0]!),
      committer: person(field('committer')[0]!),
      message: message.join('\n\n'),
    };
  }

  /** The commits reachable from `from` that touched `file`, newest first. */
  async history(from: string, file: string | undefined, limit: number): Promise<string[]> {
    const out = await this.text(['rev-list', `--max-count=${limit}`, from, ...(file ? ['--', file] : [])]);
    return out.split('\n').filter(Boolean);
  }

  /**
   * A new commit on `branch` from `parent` with files replaced and removed, the branch moved only
   * if it still points at `parent` (update-ref's old value): false when it had moved.
   */
  async commitFiles(
    branch: string,
    parent: string | undefined,
    message: string,
    additions: Map<string, Buffer>,
    deletions: string[],
  ): Promise<string | false> {
    const files = new Map<string, { mode: string; sha: string }>();
    if (parent) for (const entry of await this.listTree(`${parent}^{tree}`)) if (entry.type !== 'tree') files.set(entry.path, entry);
    for (const file of deletions) files.delete(file);
    for (const [file, contents] of additions)
      files.set(file, { mode: '100644', sha: await this.text(['hash-object', '-w', '--stdin'], contents) });
    const tree = await this.writeTree(files, '');
    const commit = await this.text(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message]);
    try {
      await this.git(['update-ref', `refs/heads/${branch}`, commit, parent ?? '0'.repeat(40)]);
    } catch {
      return false;
    }
    return commit;
  }

  /** The tree of the files under `prefix`, written bottom-up with git mktree. */
  private async writeTree(files: Map<string, { mode: string; sha: string }>, prefix: string): Promise<string> {
    const here = new Map<string, string>();
    const folders = new Set<string>();
    for (const [file, { mode, sha }] of files) {
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) here.set(rest, `${mode} ${mode === '160000' ? 'commit' : 'blob'} ${sha}\t${rest}`);
      else folders.add(rest.slice(0, slash));
    }
    for (const folder of folders) here.set(folder, `040000 tree ${await this.writeTree(files, `${prefix}${folder}/`)}\t${folder}`);
    return this.text(['mktree', '-z'], [...here.values()].map((line) => `${line}\0`).join(''));
  }
}
