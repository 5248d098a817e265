/**
 * The builds a phone walk needs beside the suite's own: a Cloudflare build of other content, with
 * that content's texts for the repository; and a commit the phone made, built as the deploy builds it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GitHubStandin } from '../../github-standin/server.js';
import { ROOT } from '../../helpers/content.js';

const SITE_CLI = path.join(ROOT, 'bin/site.js');

/** `content` built for Cloudflare into `dist` by the CLI, and its YAML texts by path from the repository's top. */
export async function cloudflareBuild(
  content: string,
  dist: string,
  flags: readonly string[] = [],
): Promise<{ dist: string; seed: Record<string, string> }> {
  const built = spawnSync(process.execPath, [SITE_CLI, 'build', '--content', content, '--out', dist, '--host', 'cloudflare', ...flags], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the Cloudflare build failed:\n${built.stdout}\n${built.stderr}`);
  const names = (await readdir(content, { recursive: true })).map((name) => name.split(path.sep).join('/'));
  const seed = Object.fromEntries(
    await Promise.all(
      names
        .filter((name) => name.endsWith('.yaml'))
        .map(async (name) => [`content/${name}`, await readFile(path.join(content, name), 'utf8')]),
    ),
  );
  return { dist, seed };
}

/**
 * The content of `commit` in the stand-in's repository, built as the deploy builds it
 * (`site build --strict`), with `inspect` run on its folder first: the build's exit status and output.
 */
export async function deployBuildOf(
  standin: GitHubStandin,
  commit: string,
  inspect: (folder: string) => Promise<void> = async () => undefined,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const committed = await mkdtemp(path.join(os.tmpdir(), 'site-phone-commit-'));
  try {
    spawnSync('tar', ['-x', '-C', committed], { input: await standin.git.git(['archive', commit, 'content']) });
    await inspect(committed);
    const built = spawnSync(process.execPath, [SITE_CLI, 'build', '--strict', '--content', 'content', '--out', 'dist'], {
      cwd: committed,
      encoding: 'utf8',
    });
    return { status: built.status, stdout: built.stdout, stderr: built.stderr };
  } finally {
    await rm(committed, { recursive: true, force: true });
  }
}
