/**
 * Where kept requests are sent on: the Worker variable FORM_RELAY when the owner set one, else the
 * relay the site was built for (`site build --form-endpoint`, or the content's recipient), which a
 * Cloudflare build leaves in RELAY_FILE. The file lies under /api/, which reaches this Worker before
 * the files, so no visitor can fetch it; the Worker reads it through its ASSETS binding.
 */
import { RELAY_FILE } from '../../generator/hosts.js';
import type { Env } from '../env.js';

export async function relayAddress(env: Pick<Env, 'ASSETS' | 'FORM_RELAY'>): Promise<string | undefined> {
  if (env.FORM_RELAY) return env.FORM_RELAY;
  // Any host will do: the binding serves the built files whatever the address names.
  const answer = await env.ASSETS.fetch(new Request(`https://assets.invalid/${RELAY_FILE}`));
  if (!answer.ok) return undefined;
  try {
    const { relay } = (await answer.json()) as { relay?: unknown };
    return typeof relay === 'string' && URL.canParse(relay) ? relay : undefined;
  } catch {
    return undefined;
  }
}
