/**
 * The editor's settings as /admin/edit/ names them in its page (worker/editor/page.ts), for the
 * phone's tests in happy-dom: set before the phone's modules are first imported, which read them once.
 */
export function namePhoneSettings(more: Record<string, unknown> = {}): void {
  const meta = document.createElement('meta');
  meta.name = 'editor-settings';
  meta.content = JSON.stringify({ root: '/admin/edit', api: '/api/editor', tokenHeader: 'X-CSRF-Token', phone: true, ...more });
  document.head.append(meta);
}
