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

/** A path's entry in a tree: its mode (100644, 100755, 120000, 160000) and object. */
export interface FileEntry {
  mode: string;
  sha: string;
}

/** One path of a new tree (GitHub's create-tree entry): what goes there, or null to remove it. */
export interface TreeEdit {
  path: string;
  mode: string;
  sha: string | null;
}

export interface Person {
  name: string;
  email: string;
  /** ISO 8601; now when not given. */
  date?: string;
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
  git(args: string[], input?: Buffer | string, env: Record<string, string> = {}): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        { cwd: this.dir, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...IDENTITY, ...env, GIT_DIR: this.dir } },
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

  async text(args: string[], input?: Buffer | string, env?: Record<string, string>): Promise<string> {
    return (await this.git(args, input, env)).toString('utf8').trim();
  }

  /** The commit a branch points at, or undefined when there is no such branch. */
  ref(branch: string): Promise<string | undefined> {
    return this.resolveRef(`refs/heads/${branch}`);
  }

  /** The object a fully named ref (refs/heads/main) points at; only that ref, never one under it. */
  async resolveRef(name: string): Promise<string | undefined> {
    return this.text(['show-ref', '--verify', '--hash', name]).then(
      (sha) => sha || undefined,
      () => undefined,
    );
  }

  /**
   * Points `name` at `sha` only if it still points at `old` (undefined: only if it does not exist
   * yet), as update-ref checks it; false when it did not.
   */
  async setRef(name: string, sha: string, old: string | undefined): Promise<boolean> {
    return this.git(['update-ref', name, sha, old ?? '0'.repeat(40)]).then(
      () => true,
      () => false,
    );
  }

  /** Whether `name` is a ref name git would take (git check-ref-format). */
  async validRefName(name: string): Promise<boolean> {
    return this.git(['check-ref-format', name]).then(
      () => true,
      () => false,
    );
  }

  /** Whether `ancestor` is `descendant` or reachable from it: moving a ref so is a fast-forward. */
  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return this.git(['merge-base', '--is-ancestor', ancestor, descendant]).then(
      () => true,
      () => false,
    );
  }

  /** blob, tree, commit or tag; undefined when the repository has no such object. */
  async objectType(sha: string): Promise<string | undefined> {
    if (!/^[0-9a-f]{40}$/.test(sha)) return undefined;
    return this.text(['cat-file', '-t', sha]).catch(() => undefined);
  }

  async exists(sha: string, type: string): Promise<boolean> {
    return (await this.objectType(sha)) === type;
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

  async writeBlob(bytes: Buffer): Promise<string> {
    return this.text(['hash-object', '-w', '--stdin'], bytes);
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
    const files = parent ? await this.files(`${parent}^{tree}`) : new Map<string, FileEntry>();
    for (const file of deletions) files.delete(file);
    for (const [file, contents] of additions) files.set(file, { mode: '100644', sha: await this.writeBlob(contents) });
    const commit = await this.commitTree(await this.writeTree(files, ''), parent ? [parent] : [], message);
    return (await this.setRef(`refs/heads/${branch}`, commit, parent)) && commit;
  }

  /**
   * A new tree: `base`'s files with each edit applied in turn. An edit replaces whatever was at its
   * path (a file, or a folder and all under it) and a file where one of its folders would go; a
   * folder's edit (040000) brings that tree's files; a null sha removes. Answers the path of a
   * removal that found nothing there, which GitHub refuses.
   */
  async editTree(base: string | undefined, edits: TreeEdit[]): Promise<{ tree: string } | { nothingAt: string }> {
    const files = base ? await this.files(base) : new Map<string, FileEntry>();
    for (const edit of edits) {
      const replaced = [...files.keys()].filter((file) => file === edit.path || file.startsWith(`${edit.path}/`));
      for (const file of replaced) files.delete(file);
      if (edit.sha === null) {
        if (!replaced.length) return { nothingAt: edit.path };
        continue;
      }
      const parts = edit.path.split('/');
      for (let depth = 1; depth < parts.length; depth++) files.delete(parts.slice(0, depth).join('/'));
      if (edit.mode !== '040000') files.set(edit.path, { mode: edit.mode, sha: edit.sha });
      else for (const [file, entry] of await this.files(edit.sha)) files.set(`${edit.path}/${file}`, entry);
    }
    return { tree: await this.writeTree(files, '') };
  }

  /**
   * A commit of `tree` on `parents`. Without `people`, the author and committer every commit the
   * stand-in makes has (createCommitOnBranch's too); a committer not given is the author, as GitHub has it.
   */
  async commitTree(
    tree: string,
    parents: string[],
    message: string,
    people: { author?: Person; committer?: Person } = {},
  ): Promise<string> {
    const env: Record<string, string> = {};
    const committer = people.committer ?? people.author;
    for (const [role, person] of [
      ['AUTHOR', people.author],
      ['COMMITTER', committer],
    ] as const) {
      if (!person) continue;
      env[`GIT_${role}_NAME`] = person.name;
      env[`GIT_${role}_EMAIL`] = person.email;
      if (person.date) env[`GIT_${role}_DATE`] = person.date;
    }
    return this.text(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-m', message], undefined, env);
  }

  /** The files under a tree, flat: each path with its mode and object (folders are in the paths). */
  private async files(tree: string): Promise<Map<string, FileEntry>> {
    const entries = (await this.listTree(tree)).filter((entry) => entry.type !== 'tree');
    return new Map(entries.map((entry) => [entry.path, { mode: entry.mode, sha: entry.sha }]));
  }

  /** The tree of the files under `prefix`, written bottom-up with git mktree. */
  private async writeTree(files: Map<string, FileEntry>, prefix: string): Promise<string> {
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
