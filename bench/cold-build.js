// Cold `site build`: the whole CLI as a fresh process, as an operator or CI runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const GNU_TIME = '/usr/bin/time';

/**
 * How peak memory is read: GNU time's maximum resident set size (the largest of node and its
 * esbuild child), else a preloaded module that reads node's own process.resourceUsage().maxRSS at exit.
 */
export function memoryMethod() {
  if (existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true'], { stdio: 'ignore' }).status === 0) return 'gnu-time';
  return 'preload';
}

const PRELOAD = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.SITE_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));",
)}`;

/**
 * Runs `node bin/site.js build --out <outDir>` once. Resolves to wall time (spawn to exit), user
 * and system CPU time, peak memory in MB, and the time the CLI itself printed (import time excluded).
 */
export async function coldBuildOnce({ root, outDir, scratch, method, env = process.env }) {
  const statsFile = path.join(scratch, `stats-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  const node = [process.execPath, 'bin/site.js', 'build', '--out', outDir];
  const [command, ...args] =
    method === 'gnu-time' ? [GNU_TIME, '-f', '%M %U %S', '-o', statsFile, ...node] : [node[0], '--import', PRELOAD, ...node.slice(1)];
  const started = process.hrtime.bigint();
  const { code, stdout, stderr } = await run(command, args, { cwd: root, env: { ...env, SITE_BENCH_RSS_FILE: statsFile } });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== 0) throw new Error(`site build exited with ${code}:\n${stderr || stdout}`);
  const stats = (await readFile(statsFile, 'utf8')).trim().split(/\s+/).map(Number);
  await rm(statsFile, { force: true });
  const reported = /in (\d+) ms\./.exec(stdout);
  return {
    wallMs,
    peakMB: stats[0] / 1024,
    cpuMs: method === 'gnu-time' ? (stats[1] + stats[2]) * 1000 : undefined,
    reportedMs: reported ? Number(reported[1]) : undefined,
  };
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
