import { timingSafeEqual } from 'node:crypto';
import { lstat, realpath } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { editableFile, type EditableFile } from './content/files.js';

/**
 * The rules every editor request passes before anything is read or written. The editor writes
 * files and runs git, so it answers only this computer, under its own name, and only changes
 * asked for by its own page.
 */

/** Headers on every editor response: nothing from elsewhere runs, nothing is cached or leaked. */
export const EDITOR_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data: blob:; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether the connection comes from this computer. */
export function fromLoopback(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? '';
  return /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';
}

/**
 * Whether the request names this server by a loopback name and the port it came in on. A web
 * page on another site that points its own name at 127.0.0.1 (DNS rebinding) sends its own name.
 */
export function hostAllowed(req: IncomingMessage): boolean {
  const host = req.headers.host;
  const port = req.socket.localPort;
  return typeof host === 'string' && port !== undefined && LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** A change (any method but GET and HEAD) must come from the editor's own page: its origin and its token. */
export function changeAllowed(req: IncomingMessage, token: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  const origin = req.headers.origin;
  if (origin !== `http://${req.headers.host}`) return false;
  const sent = req.headers['x-editor-token'];
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type NameCheck = { ok: true } | { ok: false; status: 400; message: string };

/** Refuses names that try to leave their folder, before any lookup: .., absolute paths, backslashes, NUL. */
export function checkName(name: string): NameCheck {
  const refuse = (why: string): NameCheck => ({ ok: false, status: 400, message: `This file name is not allowed: ${why}.` });
  if (name === '') return refuse('it is empty');
  if (name.includes('\0')) return refuse('it holds a NUL character');
  if (name.includes('\\')) return refuse('it holds a backslash');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return refuse('it is an absolute path');
  if (name.split('/').some((part) => part === '..' || part === '.' || part === ''))
    return refuse('it leaves its folder or has an empty part');
  return { ok: true };
}

/** The editable content file `name` names, or why not. */
export function contentFileNamed(name: string): { ok: true; file: EditableFile } | { ok: false; status: 400 | 404; message: string } {
  const checked = checkName(name);
  if (!checked.ok) return checked;
  const file = editableFile(name);
  return file ? { ok: true, file } : { ok: false, status: 404, message: `There is no content file ${name} to edit.` };
}

/** An image's file name: letters, digits, dots, dashes and underscores, with a photo's ending. */
export const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(jpe?g|png|webp|avif)$/i;

/**
 * Whether `file` (which may not exist yet) stays inside the content folder once symbolic links
 * are followed: a link inside content/ pointing elsewhere is refused.
 */
export async function insideContent(contentDir: string, file: string): Promise<boolean> {
  const root = await realpath(contentDir);
  const real = await realpath(file).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    // A link whose target is missing: writing through it would create a file wherever it points.
    if ((await lstat(file).catch(() => undefined))?.isSymbolicLink()) return undefined;
    return realpathOfNew(file);
  });
  return real !== undefined && (real === root || real.startsWith(root + path.sep));
}

/** Where a file that does not exist yet would be: the real path of its nearest existing folder, then the rest of its name. */
async function realpathOfNew(file: string): Promise<string | undefined> {
  const rest: string[] = [];
  let at = file;
  for (;;) {
    rest.unshift(path.basename(at));
    const parent = path.dirname(at);
    if (parent === at) return undefined;
    const info = await lstat(parent).catch(() => undefined);
    if (info) {
      // A folder that is a link to nowhere has no real path: refused.
      const real = await realpath(parent).catch(() => undefined);
      return real === undefined ? undefined : path.join(real, ...rest);
    }
    at = parent;
  }
}
