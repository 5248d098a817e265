/**
 * What the site was built with that the Worker needs: the relay kept requests are sent on to, and
 * how long they are kept. A Cloudflare build leaves both in SETTINGS_FILE (generator/hosts.ts),
 * from `site build --form-endpoint` or the content's recipient, and the content's form.keepDays.
 * The file lies under /api/, which reaches this Worker before the files, so no visitor can fetch it;
 * the Worker reads it through its ASSETS binding. The Worker variables FORM_RELAY and
 * QUOTE_KEEP_DAYS, when set, win over it.
 */
import { SETTINGS_FILE } from '../../generator/hosts.js';
import type { Env } from '../env.js';
import { keepDays } from './schedule.js';

type Settings = Pick<Env, 'ASSETS' | 'FORM_RELAY' | 'QUOTE_KEEP_DAYS'>;

async function readBuilt(env: Settings): Promise<{ relay?: unknown; keepDays?: unknown }> {
  // Any host will do: the binding serves the built files whatever the address names.
  const answer = await env.ASSETS.fetch(new Request(`https://assets.invalid/${SETTINGS_FILE}`));
  if (!answer.ok) return {};
  try {
    return (await answer.json()) as { relay?: unknown; keepDays?: unknown };
  } catch {
    return {};
  }
}

export async function relayAddress(env: Settings): Promise<string | undefined> {
  if (env.FORM_RELAY) return env.FORM_RELAY;
  const { relay } = await readBuilt(env);
  return typeof relay === 'string' && URL.canParse(relay) ? relay : undefined;
}

/** The days a request is kept: QUOTE_KEEP_DAYS, else the content's form.keepDays, else 180. */
export async function keepingDays(env: Settings): Promise<number> {
  if (env.QUOTE_KEEP_DAYS) return keepDays(env.QUOTE_KEEP_DAYS);
  const built = (await readBuilt(env)).keepDays;
  return keepDays(typeof built === 'number' ? String(built) : undefined);
}
