/**
 * Requests to the editor's server. Every change carries the page's token from its meta tag (the
 * browser adds the Origin header itself); the server refuses changes without both. On the phone
 * the requests go to the site's Worker through phone/requests.ts (settings.ts says which).
 */
import { phoneRequest } from './phone/requests.js';
import { SETTINGS } from './settings.js';

export const EDIT_ROOT = SETTINGS.root;

function token(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="editor-token"]')?.content ?? '';
}

export interface Answer<T> {
  status: number;
  ok: boolean;
  body: T;
}

/** Reads a JSON answer; a plain-text one (403, 500) becomes `{ message }` so it can be shown as it is. */
async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text.trim() || `The editor's server answered ${response.status} ${response.statusText}.` };
  }
  return { status: response.status, ok: response.ok, body: body as T };
}

/** A request that never throws: a server that is gone is an answer with status 0 and a message saying so. */
async function request<T>(path: string, init: RequestInit): Promise<Answer<T>> {
  if (SETTINGS.phone) return (await phoneRequest(path, init, SETTINGS.api, token, SETTINGS.tokenHeader)) as Answer<T>;
  try {
    return await answer<T>(await fetch(`${SETTINGS.api}/${path}`, init));
  } catch (error) {
    const message = `The editor's server did not answer (${(error as Error).message}). Is site dev still running? Nothing was changed.`;
    return { status: 0, ok: false, body: { message } as T };
  }
}

export function getJson<T>(path: string): Promise<Answer<T>> {
  return request<T>(path, { headers: { Accept: 'application/json' } });
}

export function postJson<T>(path: string, data: unknown): Promise<Answer<T>> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [SETTINGS.tokenHeader]: token() },
    body: JSON.stringify(data),
  });
}

export function postFile<T>(path: string, file: File): Promise<Answer<T>> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json', [SETTINGS.tokenHeader]: token() },
    body: file,
  });
}

/** A message from a refusal's body, whatever its shape. */
export function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** A change sent as the page goes away (the browser finishes it after the page is gone). */
export function postWhileLeaving(path: string, data: unknown): void {
  if (SETTINGS.phone) return;
  void fetch(`${SETTINGS.api}/${path}`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', [SETTINGS.tokenHeader]: token() },
    body: JSON.stringify(data),
  }).catch(() => undefined);
}
