import { spawn } from 'node:child_process';

export interface GitResult {
  ok: boolean;
  stdout: string;
  /** The same output as bytes: a photo read from git is not text. */
  bytes: Buffer;
  stderr: string;
  /** Stopped because it ran past its time limit (a server that does not answer). */
  timedOut: boolean;
}

export interface GitOptions {
  /** Milliseconds before git (and the ssh it started) is stopped; defaults by `network`. */
  timeoutMs?: number;
  /** A call that talks to the remote (fetch, push): a longer limit, and ssh set up never to ask. */
  network?: boolean;
}

/** Local calls read and write files only; a minute means something is badly wrong. */
export const LOCAL_TIMEOUT_MS = 60_000;
/** Fetch and push, whatever else bounds them: a slow line may take a while to send a photo. */
export const NETWORK_TIMEOUT_MS = 90_000;
/** Ssh gives up connecting after this, and on a server silent for twice this (its greeting included). */
const SSH_WAIT_SECONDS = 15;
/** Https gives up on a transfer that moved no byte for this long. */
const HTTP_STALL_SECONDS = 30;

/**
 * How git starts ssh: the owner's own command (GIT_SSH_COMMAND, or core.sshCommand passed in),
 * with options that make ssh fail instead of asking. BatchMode stops the host key question and
 * the passphrase and password prompts (ssh ignores GIT_TERMINAL_PROMPT); DEBUG1 logging lets a
 * key that needs its passphrase be told apart from a key the server refused ("Server accepts key").
 * Options given first win in ssh, so an owner's own ConnectTimeout still counts.
 */
export function sshCommand(configured?: string): string {
  const base = process.env.GIT_SSH_COMMAND?.trim() || configured?.trim() || 'ssh';
  const seconds = SSH_WAIT_SECONDS;
  return `${base} -o BatchMode=yes -o ConnectTimeout=${seconds} -o ServerAliveInterval=${seconds} -o ServerAliveCountMax=2 -o LogLevel=DEBUG1`;
}

/** Git's environment: English messages (they are matched), and nothing that could wait for an answer. */
function environment(ssh: string | undefined): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    // Empty, git skips the askpass programs (an unset GIT_ASKPASS would fall back to core.askPass).
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    SSH_ASKPASS_REQUIRE: 'never',
    GCM_INTERACTIVE: 'never',
    GIT_EDITOR: 'true',
    ...(ssh ? { GIT_SSH_COMMAND: ssh } : {}),
  };
}

/**
 * Runs git with `args` in `cwd`: the program itself, never a shell, so nothing in a file name or
 * a commit message can be read as a command. Nothing can wait for a person: stdin is closed, git
 * runs in a session of its own with no terminal (so ssh cannot open /dev/tty either), every
 * prompt is off, and past its time limit git and whatever it started are stopped.
 */
export async function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const network = options.network === true;
  const ssh = network ? sshCommand(await configuredSsh(cwd)) : undefined;
  const stalls = network ? ['-c', 'http.lowSpeedLimit=1', '-c', `http.lowSpeedTime=${HTTP_STALL_SECONDS}`] : [];
  return run(cwd, [...stalls, ...args], environment(ssh), options.timeoutMs ?? (network ? NETWORK_TIMEOUT_MS : LOCAL_TIMEOUT_MS));
}

async function configuredSsh(cwd: string): Promise<string | undefined> {
  const found = await run(cwd, ['config', '--get', 'core.sshCommand'], environment(undefined), LOCAL_TIMEOUT_MS);
  return found.ok ? found.stdout.trim() : undefined;
}

const MAX_OUTPUT = 16 * 1024 * 1024;

function run(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<GitResult> {
  return new Promise((resolve) => {
    // Detached is a session of its own on Linux and macOS (setsid); on Windows it would open a console window.
    const child = spawn('git', args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    const stop = () => {
      // The whole group: ssh, started by git, would otherwise go on waiting.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) stop();
      else into.push(chunk);
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, stdout: '', bytes: Buffer.alloc(0), stderr: `git could not be started: ${error.message}`, timedOut: false });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString('utf8').trim();
      const bytes = Buffer.concat(out);
      resolve({ ok: code === 0 && !timedOut, stdout: bytes.toString('utf8'), bytes, stderr, timedOut });
    });
  });
}
