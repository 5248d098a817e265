/**
 * Where the editor app runs, from its page: on the computer under `site dev` (/__edit, its own
 * server, the preview and git's settings) or on the phone at /admin/edit/ on the live site, where
 * the site's Worker answers and the changes are kept on the phone until Publish. The page names
 * it in <meta name="editor-settings">; without one, the computer's.
 */
export interface EditorSettings {
  /** The editor's own address: its file list; a file is `${root}/${file}`. */
  root: string;
  /** Where its requests go: `${api}/files`. */
  api: string;
  /** The header that carries the page's token with every change. */
  tokenHeader: string;
  /** On the phone: changes kept in the browser, the Worker's API, no preview server or git settings. */
  phone: boolean;
  /** On the phone: the address of the content check's own script (phone/checker.ts), loaded when first needed. */
  checker?: string;
  /** On the phone: the page preview's own script (phone/preview.ts), loaded when the owner asks for it, and the site's stylesheet it shows pages in. */
  preview?: { script: string; stylesheet: string };
  /** On the phone: the built site's list of the files it wrote of each photo (generator/editor/photo-manifest.ts). */
  photos?: string;
  /** On the phone: where the deploy publishes a preview of the kept changes (worker/editor/preview-address.ts); unset, none is offered. */
  previewAddress?: string;
}

const ON_THE_COMPUTER: EditorSettings = { root: '/__edit', api: '/__edit/api', tokenHeader: 'X-Editor-Token', phone: false };

function read(): EditorSettings {
  if (typeof document === 'undefined') return ON_THE_COMPUTER;
  const content = document.querySelector<HTMLMetaElement>('meta[name="editor-settings"]')?.content;
  if (!content) return ON_THE_COMPUTER;
  try {
    const given = JSON.parse(content) as Partial<EditorSettings>;
    return { ...ON_THE_COMPUTER, ...given };
  } catch {
    return ON_THE_COMPUTER;
  }
}

export const SETTINGS = read();
