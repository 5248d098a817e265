/**
 * The `_headers` file of Netlify and Cloudflare Pages: a path pattern at the left margin, then
 * indented `Name: value` lines sent with every response whose path matches it.
 *
 * ```
 * /*
 *   X-Frame-Options: DENY
 * /assets/*
 *   Cache-Control: public, max-age=31536000, immutable
 * ```
 * `*` matches anything (slashes too), `:name` one path segment. When several rules set the same
 * header, the values are joined with ", "; an indented `! Name` removes a header an earlier rule set.
 */
export interface HeaderRule {
  pattern: string;
  matches: RegExp;
  headers: [name: string, value: string][];
  detach: string[];
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      // Patterns for a whole URL (https://host/...) name other hosts; this server only has paths.
      current = trimmed.startsWith('/') ? { pattern: trimmed, matches: patternToRegExp(trimmed), headers: [], detach: [] } : undefined;
      if (current) rules.push(current);
      continue;
    }
    if (!current) continue;
    if (trimmed.startsWith('!')) {
      current.detach.push(trimmed.slice(1).trim());
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon <= 0) continue;
    current.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
}

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  // /about and /about/ are the same page to a static host.
  return new RegExp(`^${body.replace(/\/$/, '')}/?$`);
}

/** The headers for a request path, in the order the rules gave them. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): [name: string, value: string][] {
  const found = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.matches.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const earlier = found.get(key);
      found.set(key, earlier ? [earlier[0], `${earlier[1]}, ${value}`] : [name, value]);
    }
    for (const name of rule.detach) found.delete(name.toLowerCase());
  }
  return [...found.values()];
}

/** `headers` with the site's own headers laid over them; the site's win, as they do on the real host. */
export function withSiteHeaders(headers: Record<string, string>, site: readonly [string, string][]): Record<string, string> {
  const out = { ...headers };
  for (const [name, value] of site) {
    const same = Object.keys(out).find((key) => key.toLowerCase() === name.toLowerCase());
    if (same) delete out[same];
    out[name] = value;
  }
  return out;
}
