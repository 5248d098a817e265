import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contentWithFixture, replacePlaceholders } from './content.js';

export interface GitProject {
  /** The project folder: content/ and a README, in a git repository on branch main. */
  dir: string;
  /** A bare repository set as the project's origin, holding what was published. */
  remote: string;
  git(args: string[], cwd?: string): string;
}

const IDENTITY = ['-c', 'user.name=Test Operator', '-c', 'user.email=operator@example.com'];

/**
 * A temporary copy of the sample content (its sample values replaced, so a strict build passes)
 * committed in a git repository of its own, pushed to a local bare repository as its remote.
 * Never the project's own repository. With `identity: false` the repository has no name and
 * email of its own (its first commit is signed with one given for that commit only).
 */
export async function gitProject(options: { identity?: boolean } = {}): Promise<GitProject> {
  const dir = await contentWithFixture();
  await replacePlaceholders(dir);
  await writeFile(path.join(dir, 'README.md'), '# Our site\n');
  const remote = path.join(await mkdtemp(path.join(os.tmpdir(), 'editor-remote-')), 'site.git');
  const git = (args: string[], cwd = dir) =>
    execFileSync('git', [...IDENTITY, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
  git(['init', '--quiet', '--bare', '--initial-branch=main', remote], os.tmpdir());
  git(['init', '--quiet', '--initial-branch=main']);
  if (options.identity !== false) {
    // The editor commits as the person who set up the repository: here, its own identity.
    git(['config', 'user.name', 'Test Operator']);
    git(['config', 'user.email', 'operator@example.com']);
  }
  git(['add', '-A']);
  git(['commit', '--quiet', '-m', 'The site']);
  git(['remote', 'add', 'origin', remote]);
  git(['push', '--quiet', '-u', 'origin', 'main']);
  return { dir, remote, git };
}
