// Serves a built site for Lighthouse the way `site preview` does, as a child process, and stops it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port that was free a moment ago on 127.0.0.1, so the site can be built for its final address. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs `node bin/site.js preview --out <dir> --port <port>` and resolves once it prints
 * "Serving … at http://…/". `close()` ends that one child process and waits for it.
 */
export async function startPreviewProcess({ root, dir, port, timeoutMs = 15_000 }) {
  const child = spawn(process.execPath, ['bin/site.js', 'preview', '--out', dir, '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`site preview printed no address within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const fail = (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    const onData = (chunk) => {
      output += chunk;
      const match = /Serving .* at (http:\/\/\S+\/)/.exec(output);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    exited.then(({ code, signal }) => fail(new Error(`site preview exited (${signal ?? code}) before serving:\n${output}`)));
  });
  return {
    url,
    pid: child.pid,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const stopped = await Promise.race([exited, delay(5_000).then(() => undefined)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
