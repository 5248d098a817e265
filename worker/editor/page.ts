/**
 * /admin/edit/: the content editor on the phone, the same app as site dev's (editor/), for the
 * signed-in owner. Its page names the Worker's API and carries the session's CSRF token; its script
 * and stylesheet are static files of the built site (EDITOR_FILES), written by the Cloudflare build.
 */
import { editorShell } from '../../generator/editor/shell.js';
import { editableFile, fileTitle } from '../../generator/editor/content/files.js';
import { CSRF_HEADER } from '../csrf.js';
import type { Env } from '../env.js';
import { signInFirst, text } from '../http.js';
import { findSession } from '../sessions.js';
import { withFirstFile } from './first-file.js';
import { previewOriginOf } from './preview-address.js';
import { adminDocument, PAGE_HEADERS as ADMIN_PAGE_HEADERS } from '../admin/document.js';
import { tabs } from '../admin/tabs.js';

export const EDITOR_ROOT = '/admin/edit';
/** Where the built site keeps the editor app's files. */
export const EDITOR_FILES = {
  script: '/_editor/editor.js',
  style: '/_editor/editor.css',
  checker: '/_editor/checker.js',
  preview: '/_editor/preview.js',
  siteStyle: '/_editor/site.css',
  photos: '/_editor/photos.json',
} as const;

/**
 * The editor's page allows its own files only; its requests go to this site; no one may frame it.
 * The phone's preview needs nothing more: its frame (srcdoc, sandboxed without scripts) keeps this
 * policy, shows the site's own photos and fonts, a photo kept on the phone as blob:, and is styled
 * by the app through a constructed stylesheet, which no style-src governs.
 */
const pageHeaders = (preview: string | undefined) => ({
  'Content-Security-Policy': `default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'${
    preview ? `; connect-src 'self' ${preview}` : ''
  }`,
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=31536000',
});

export function isEditorPage(pathname: string): boolean {
  return pathname === EDITOR_ROOT || pathname.startsWith(`${EDITOR_ROOT}/`);
}

export async function handleEditorPage(request: Request, env: Env, now: number): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  const { pathname } = new URL(request.url);
  if (pathname === EDITOR_ROOT) return new Response(null, { status: 308, headers: { Location: `${EDITOR_ROOT}/` } });
  const state = await findSession(env.DB, request, now);
  // Signed out (or never signed in): the account screen signs in, and comes back here after.
  if (state.state !== 'active') return signInFirst(request);
  // A build without the editor's files (built before the editor came, or by hand without them) would
  // give the owner an empty page: say so instead, and point to what still works.
  const built = await env.ASSETS.fetch(new Request(new URL(EDITOR_FILES.script, request.url), { method: 'HEAD' }));
  if (!built.ok) return notBuiltYet(state.session.csrfToken);
  let title = 'Edit the content';
  const rest = pathname.slice(EDITOR_ROOT.length + 1);
  const file = rest === '' ? undefined : editableFile(safeDecode(rest) ?? '');
  if (rest !== '') {
    if (!file)
      return text('The editor has no such file. Go back to the list of files and pick it there.', 'text/plain; charset=utf-8', {}, 404);
    title = `Edit ${fileTitle(file)}`;
  }
  const preview = previewOriginOf(env.PREVIEW_ADDRESS);
  const page = editorShell({
    token: state.session.csrfToken,
    title,
    header: tabs('Content'),
    assets: EDITOR_FILES,
    settings: {
      root: EDITOR_ROOT,
      api: '/api/editor',
      tokenHeader: CSRF_HEADER,
      phone: true,
      checker: EDITOR_FILES.checker,
      preview: { script: EDITOR_FILES.preview, stylesheet: EDITOR_FILES.siteStyle },
      photos: EDITOR_FILES.photos,
      ...(preview ? { previewAddress: preview } : {}),
    },
  });
  const answer = text(page, 'text/html; charset=utf-8', pageHeaders(preview));
  return file && request.method === 'GET' ? new Response(withFirstFile(page, env, file), answer) : answer;
}

function safeDecode(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function notBuiltYet(csrfToken: string): Response {
  const body = `${tabs('Content')}
<h1>Content</h1>
<p>Changing the site’s words and photos from this phone is not part of this site yet: the last publish of the site did not include the editor.</p>
<p>Until it does, the site’s content is changed with the editor on a computer, as before. Quote requests and visits are here already.</p>`;
  return text(
    adminDocument({ title: 'Content', body, csrfToken, script: '/admin/admin.js', styles: ['/admin/admin.css'] }),
    'text/html; charset=utf-8',
    ADMIN_PAGE_HEADERS,
    503,
  );
}
