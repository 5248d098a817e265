import { DEV_PATHS, reloadScriptTag } from './reload.js';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * The page `site dev` serves instead of every page while the site cannot be built: the same
 * located problems the terminal prints, and the reload script, so it goes away once the file is fixed.
 * Styles come from a file, not a style attribute, so a strict Content-Security-Policy allows them.
 */
export function overlayPage(report: string, build: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The site cannot be built · site dev</title>
<link rel="stylesheet" href="${DEV_PATHS.overlayCss}">
${reloadScriptTag(build)}
</head>
<body>
<main class="dev-overlay" data-dev-overlay>
<h1>The site cannot be built</h1>
<p>Fix the problem below and save the file: this page reloads by itself. The terminal shows the same message.</p>
<pre>${escapeHtml(report)}</pre>
</main>
</body>
</html>
`;
}

export const OVERLAY_CSS = `:root { color-scheme: dark; }
body { margin: 0; background: #1b1d23; color: #f1f1f1; font: 16px/1.5 system-ui, sans-serif; }
.dev-overlay { max-width: 64rem; margin: 0 auto; padding: 2rem 1.25rem; }
.dev-overlay h1 { margin: 0 0 0.5rem; color: #ff8a80; font-size: 1.5rem; }
.dev-overlay p { margin: 0 0 1.5rem; color: #c8c8c8; }
.dev-overlay pre { margin: 0; padding: 1rem 1.25rem; overflow-x: auto; border-left: 4px solid #ff8a80;
  border-radius: 6px; background: #111216; font: 14px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; }
`;
