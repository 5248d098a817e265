/**
 * The one HTML page every editor address serves. The browser app (editor/main.tsx) reads the
 * address to know which view to show, and the token from the meta tag to send with each change.
 * No inline script or style: the editor's Content-Security-Policy allows only files from itself.
 */
export const EDITOR_ASSETS = {
  script: '/__edit/assets/editor.js',
  style: '/__edit/assets/editor.css',
} as const;

export interface ShellOptions {
  token: string;
  title: string;
  /** Where the script and stylesheet are; site dev's own addresses unless given. */
  assets?: { script: string; style: string };
  /** The app's settings (editor/settings.ts) where they are not site dev's: on the phone, the Worker's. */
  settings?: Record<string, unknown>;
  /** HTML above the app, drawn by the server: on the phone, the tabs to the owner's other screens. */
  header?: string;
}

export function editorShell({ token, title, assets = EDITOR_ASSETS, settings, header }: ShellOptions): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="editor-token" content="${escapeAttribute(token)}">`,
    ...(settings ? [`<meta name="editor-settings" content="${escapeAttribute(JSON.stringify(settings))}">`] : []),
    '<meta name="robots" content="noindex">',
    `<title>${escapeText(title)}</title>`,
    `<link rel="stylesheet" href="${assets.style}">`,
    `<script type="module" src="${assets.script}"></script>`,
    '</head>',
    '<body>',
    ...(header ? [header] : []),
    '<div id="editor"><noscript>The content editor needs JavaScript; the YAML files in content/ can still be edited by hand.</noscript></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
