/**
 * /admin/: the owner's account screens, drawn on the server for the state the request is in
 * (not set up yet, signed out, signed in). The script (admin/script.ts) only runs the passkey
 * ceremonies and the buttons; every word the owner reads is here or in messages.ts.
 */
import type { Device } from '../devices.js';
import { MESSAGES, type MessageCode } from '../messages.js';
import { adminDocument } from './document.js';
import { escapeHtml } from './format.js';
import { tabs } from './tabs.js';

export type Screen =
  | { kind: 'setup' }
  | { kind: 'signin'; signedOutBecause?: MessageCode }
  | { kind: 'signed-in'; devices: Device[]; current: string; csrfToken: string };

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The form that makes this phone's passkey: with the set-up code first, with an invitation code after. */
function codeForm(codeLabel: string, button: string): string {
  return `<form class="stack" data-action="register">
  <label for="code">${codeLabel}</label>
  <input id="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required>
  <label for="name">Name this phone</label>
  <input id="name" name="name" maxlength="60" placeholder="For example: Anil’s phone" required>
  <p class="hint">The name helps you tell your phones apart later. Only you see it.</p>
  <button type="submit">${button}</button>
</form>`;
}

function setup(): string {
  return `<h1>Set up this site’s editor</h1>
<p>This phone will become the key to your site’s editor: you sign in by unlocking it, with no password to remember.</p>
${codeForm('Set-up code', 'Set up with this phone')}`;
}

function signin(signedOutBecause: MessageCode | undefined): string {
  return `<h1>Sign in with this phone</h1>
${signedOutBecause ? `<p class="notice" role="status">${MESSAGES[signedOutBecause]}</p>` : ''}
<p>Unlock this phone when it asks, as you do to open it.</p>
<button type="button" data-action="signin">Sign in with this phone</button>
<h2>A new phone?</h2>
<p>On a phone that is already signed in, press “Add another phone”. Type the code it shows here.</p>
${codeForm('Invitation code', 'Add this phone')}`;
}

/** Asked before a phone is removed: it cannot be taken back, and a removed phone comes back only with an invitation. */
function removeQuestion(device: Device, current: string): string {
  return device.id === current
    ? 'Remove this phone? It is signed out at once, and to use it here again you need an invitation code from one of your other phones.'
    : `Remove ${device.name}? It can no longer sign in here; to use it again you need an invitation code from a phone still on the list.`;
}

function signedIn(devices: Device[], current: string): string {
  const rows = devices
    .map(
      (device) => `<li>
  <span class="device"><strong>${escapeHtml(device.name)}</strong>${device.id === current ? ' <em>(this phone)</em>' : ''}<br><small>Added ${DATE.format(device.createdAt)}</small></span>
  ${devices.length > 1 ? `<button type="button" class="secondary" data-action="remove" data-id="${escapeHtml(device.id)}" data-confirm="${escapeHtml(removeQuestion(device, current))}" aria-label="Remove ${escapeHtml(device.name)}">Remove</button>` : ''}
</li>`,
    )
    .join('\n');
  return `${tabs('Phones')}
<h1>Your phones</h1>
<p>These phones can sign in to your site’s editor.${devices.length > 1 ? '' : ' Add a second one, so losing this phone does not lock you out.'}</p>
<ul class="devices">${rows}</ul>
<button type="button" data-action="invite">Add another phone</button>
<div data-invitation hidden>
  <p>On the other phone, open <strong data-admin-address></strong> and type this invitation code within 15 minutes:</p>
  <p class="code" data-code></p>
</div>
<h2>GitHub</h2>
<p>The editor publishes your changes to the company’s GitHub repository: <a href="/admin/github/">connect it, or check the connection</a>.</p>
<button type="button" class="secondary" data-action="signout">Sign out</button>`;
}

export function adminPage(screen: Screen): string {
  const body =
    screen.kind === 'setup'
      ? setup()
      : screen.kind === 'signin'
        ? signin(screen.signedOutBecause)
        : signedIn(screen.devices, screen.current);
  const csrfToken = screen.kind === 'signed-in' ? screen.csrfToken : undefined;
  return adminDocument({ title: 'Site editor', body, csrfToken, script: '/admin/admin.js', styles: ['/admin/admin.css'] });
}
