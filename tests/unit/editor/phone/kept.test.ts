// @vitest-environment happy-dom
/**
 * Below Publish on the phone (editor/phone/Kept.tsx): Undo the last publish, with the Worker stood
 * in for by a fetch that answers only when the test lets it, as on a slow network.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { namePhoneSettings } from './phone-page.js';

type KeptModule = typeof import('../../../../editor/phone/Kept.js');
let PhoneKept: KeptModule['PhoneKept'];

let asked: string[];
let answerUndo: (() => void)[];
let root: Root;
let host: HTMLElement;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  namePhoneSettings();
  ({ PhoneKept } = await import('../../../../editor/phone/Kept.js'));
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(
    'site-editor:kept',
    JSON.stringify({ saved: {}, photos: {}, lastPublish: { commit: 'abc1234', files: ['services.yaml'], message: 'My price' } }),
  );
  asked = [];
  answerUndo = [];
  vi.stubGlobal('confirm', () => true);
  vi.stubGlobal('fetch', (address: string) => {
    asked.push(address);
    return new Promise<Response>((resolve) =>
      answerUndo.push(() => resolve(Response.json({ commit: 'def5678', head: 'def5678', files: ['services.yaml'] }))),
    );
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const undoButton = () => [...host.querySelectorAll('button')].find((button) => /^Undo/.test(button.textContent ?? ''));

it('a double tap on Undo the last publish on a slow network sends one undo and says it is working until it is done', async () => {
  await act(async () => root.render(createElement(PhoneKept, { changed: 0, onChanged: () => undefined })));
  // Two taps, each its own event, as a finger makes them.
  await act(async () => undoButton()!.click());
  await act(async () => undoButton()!.click());
  expect(asked).toEqual(['/api/editor/undo']);
  expect(undoButton()!.textContent).toBe('Undoing…');
  expect(undoButton()!.disabled).toBe(true);
  await act(async () => answerUndo[0]!());
  expect(host.textContent).toContain('Undone.');
  // Then the page watches for the site going back (editor/phone/GoingLive.tsx): one undo all the same.
  expect(host.textContent).toContain('Your site goes back to before “My price” in a few minutes. This page says when it has.');
  expect(asked.filter((address) => address.endsWith('/undo'))).toEqual(['/api/editor/undo']);
});
