/**
 * /admin/edit/: the content editor on the phone, the same app as site dev's (editor/), for the
 * signed-in owner. Its page names the Worker's API and carries the session's CSRF token; its script
 * and stylesheet are static files of the built site (EDITOR_FILES), written by the Cloudflare build.
 */
import { editorShell } from '../../generator/editor/shell.js';
import { editableFile, fileTitle } from '../../generator/editor/content/files.js';
import { CSRF_HEADER } from '../csrf.js';
import type { Env } from '../env.js';
import { text } from '../http.js';
import { findSession } from '../sessions.js';

export const EDITOR_ROOT = '/admin/edit';
/** Where the built site keeps the editor app's files. */
export const EDITOR_FILES = { script: '/_editor/editor.js', style: '/_editor/editor.css', checker: '/_editor/checker.js' } as const;

/** The editor's page allows its own files only; its requests go to this site; no one may frame it. */
const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=31536000',
};

export function isEditorPage(pathname: string): boolean {
  return pathname === EDITOR_ROOT || pathname.startsWith(`${EDITOR_ROOT}/`);
}

export async function handleEditorPage(request: Request, env: Env, now: number): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  const { pathname } = new URL(request.url);
  if (pathname === EDITOR_ROOT) return new Response(null, { status: 308, headers: { Location: `${EDITOR_ROOT}/` } });
  const state = await findSession(env.DB, request, now);
  // Signed out (or never signed in): the account screen signs in, and comes back here after.
  if (state.state !== 'active') return new Response(null, { status: 303, headers: { Location: '/admin/', 'Cache-Control': 'no-store' } });
  let title = 'Edit the content';
  const rest = pathname.slice(EDITOR_ROOT.length + 1);
  if (rest !== '') {
    const file = editableFile(safeDecode(rest) ?? '');
    if (!file) return text('The editor has no such file. Go back to the list of files and pick it there.', 'text/plain; charset=utf-8', {}, 404);
    title = `Edit ${fileTitle(file)}`;
  }
  const page = editorShell({
    token: state.session.csrfToken,
    title,
    assets: EDITOR_FILES,
    settings: { root: EDITOR_ROOT, api: '/api/editor', tokenHeader: CSRF_HEADER, phone: true, checker: EDITOR_FILES.checker },
  });
  return text(page, 'text/html; charset=utf-8', PAGE_HEADERS);
}

function safeDecode(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}
