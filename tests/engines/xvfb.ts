/**
 * A virtual X display for the one engine here that needs a window (WebKitGTK's MiniBrowser).
 * Xvfb picks a free display number itself and writes it to a pipe (-displayfd), so two runs
 * never fight over one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface Display {
  /** The DISPLAY value, e.g. ":99". */
  name: string;
  close(): void;
}

export function xvfbPath(): string {
  return process.env.XVFB_PATH || 'Xvfb';
}

export async function startDisplay(): Promise<Display> {
  const child: ChildProcess = spawn(xvfbPath(), ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let said = '';
    let stderr = '';
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve(said.trim());
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) =>
      reject(
        new Error(
          `Could not start Xvfb (${xvfbPath()}), the virtual display WebKit draws in: ${error.message}. On Debian: apt-get install xvfb.`,
        ),
      ),
    );
    child.once('exit', (code) => reject(new Error(`Xvfb stopped at once (exit ${code}): ${stderr.trim()}`)));
  });
  return { name: `:${number}`, close: () => void child.kill() };
}
