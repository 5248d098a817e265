/**
 * The phone's requests (editor/phone/requests.ts) as the editor app makes them, for the phone's
 * tests in happy-dom, and what the phone keeps in its storage.
 */
import type { PhoneAnswer } from '../../../../editor/phone/requests.js';
import type { Kept } from '../../../../editor/phone/store.js';
import { namePhoneSettings } from './phone-page.js';

export type Ask = (path: string, init?: RequestInit) => Promise<PhoneAnswer>;

/** Names the page's settings, then loads the phone's requests (which read them once). */
export async function phoneAsk(): Promise<Ask> {
  namePhoneSettings();
  const { phoneRequest } = await import('../../../../editor/phone/requests.js');
  return (path, init = {}) => phoneRequest(path, init, '/api/editor', () => 'token', 'X-CSRF-Token');
}

export const keptNow = () => JSON.parse(localStorage.getItem('site-editor:kept') ?? 'null') as Kept;
export const keepNow = (kept: Kept) => localStorage.setItem('site-editor:kept', JSON.stringify(kept));
