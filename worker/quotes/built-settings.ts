/**
 * What the site was built with that the Worker needs: the relay kept requests are sent on to, how
 * long they are kept, and the inbox's WhatsApp reply in each language. A Cloudflare build leaves
 * them in SETTINGS_FILE (generator/hosts.ts), from `site build --form-endpoint` or the content's
 * recipient, the content's form.keepDays and its whatsapp.yaml requestReply.
 * The file lies under /api/, which reaches this Worker before the files, so no visitor can fetch it;
 * the Worker reads it through its ASSETS binding. The Worker variables FORM_RELAY and
 * QUOTE_KEEP_DAYS, when set, win over it.
 */
import { SETTINGS_FILE } from '../../generator/hosts.js';
import { DEFAULT_REQUEST_REPLY } from '../../generator/contract/request-reply.js';
import type { Env } from '../env.js';
import { keepDays } from './schedule.js';

type Settings = Pick<Env, 'ASSETS' | 'FORM_RELAY' | 'QUOTE_KEEP_DAYS'>;

interface Built {
  relay?: unknown;
  keepDays?: unknown;
  requestReply?: unknown;
  closed?: unknown;
}

async function readBuilt(env: Pick<Env, 'ASSETS'>): Promise<Built> {
  // Any host will do: the binding serves the built files whatever the address names.
  const answer = await env.ASSETS.fetch(new Request(`https://assets.invalid/${SETTINGS_FILE}`));
  if (!answer.ok) return {};
  try {
    return (await answer.json()) as Built;
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

/**
 * The inbox's WhatsApp reply for a request from a page in `language` (its code, as kept with the
 * request): the build's words for that language, else its English ones, else DEFAULT_REQUEST_REPLY,
 * for a site built before the build left them.
 */
export async function requestReplies(env: Pick<Env, 'ASSETS'>): Promise<(language: string) => string> {
  const built = (await readBuilt(env)).requestReply;
  const replies = typeof built === 'object' && built !== null ? (built as Record<string, unknown>) : {};
  const text = (code: string) => (Object.hasOwn(replies, code) && typeof replies[code] === 'string' ? replies[code] : undefined);
  return (language) => text(language) ?? text('en') ?? DEFAULT_REQUEST_REPLY;
}

/** How many texts still the sample's keep the site closed to visitors, as the build counted them; 0 when it is open. */
export async function closedTexts(env: Pick<Env, 'ASSETS'>): Promise<number> {
  const { closed } = await readBuilt(env);
  return typeof closed === 'number' && closed > 0 ? closed : 0;
}
