/** The HTML document every /admin/ screen is drawn in, and the headers it is sent with. */
import { escapeHtml } from './format.js';

/** The page runs only its own script and style, and no other site may frame it. */
export const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=31536000',
};

export interface DocumentParts {
  title: string;
  body: string;
  /** A signed-in screen's CSRF token, for its script's writes. */
  csrfToken?: string;
  /** Its script and stylesheets, from /admin/. */
  script: string;
  styles: string[];
}

export function adminDocument({ title, body, csrfToken, script, styles }: DocumentParts): string {
  const csrf = csrfToken === undefined ? '' : `\n<meta name="csrf-token" content="${escapeHtml(csrfToken)}">`;
  const links = styles.map((style) => `\n<link rel="stylesheet" href="${style}">`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${csrf}
<title>${title}</title>${links}
<script src="${script}" defer></script>
</head>
<body>
<main>
${body}
<p class="message" role="alert" data-message></p>
</main>
</body>
</html>
`;
}
