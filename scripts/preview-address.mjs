// Prints the address Cloudflare gives the preview of one branch of this site's Worker:
// https://<branch alias>-<Worker's name>.<account's workers.dev subdomain>.workers.dev. The deploy of
// main tells the Worker this address for the editor's preview branch (docs/worker.md); the account's
// subdomain comes from Cloudflare's API with the deploy's token. Prints nothing (and a warning for the
// deploy's log) when Cloudflare does not say: the site is published all the same, without the
// editor's preview address.
//   usage: node scripts/preview-address.mjs <branch>
// Settings: CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID; CLOUDFLARE_API_BASE_URL (as wrangler reads it),
// unset: https://api.cloudflare.com/client/v4.
import { readFileSync } from 'node:fs';

const branch = process.argv[2] ?? '';
// As the deploy names a branch's preview: small letters, digits and dashes, at most 40.
const alias = branch
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '-')
  .slice(0, 40)
  .replace(/^-+|-+$/g, '');
const api = (process.env.CLOUDFLARE_API_BASE_URL || 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '');
const config = readFileSync(new URL('../worker/wrangler.jsonc', import.meta.url), 'utf8');
const name = /"name"\s*:\s*"([a-z0-9-]+)"/.exec(config)?.[1];

const warn = (why) => {
  console.error(`::warning::The editor's preview address is not set: ${why} The site is published all the same.`);
  process.exit(0);
};

if (!alias) warn('no branch was named.');
if (!name) warn('worker/wrangler.jsonc names no Worker.');
let subdomain;
try {
  const answer = await fetch(`${api}/accounts/${encodeURIComponent(process.env.CLOUDFLARE_ACCOUNT_ID ?? '')}/workers/subdomain`, {
    headers: { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN ?? ''}` },
  });
  const body = await answer.json().catch(() => undefined);
  subdomain = answer.ok && body?.success !== false ? body?.result?.subdomain : undefined;
  if (!subdomain) warn(`Cloudflare did not say the account's workers.dev subdomain (${answer.status}).`);
} catch {
  warn('Cloudflare’s API could not be reached.');
}
if (!/^[a-z0-9-]+$/.test(subdomain)) warn('Cloudflare gave a workers.dev subdomain that is not a name.');
process.stdout.write(`https://${alias}-${name}.${subdomain}.workers.dev\n`);
