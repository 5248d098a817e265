/**
 * The account screens' script, served as /admin/admin.js: runs the passkey ceremonies with
 * navigator.credentials (no library in the page) and the buttons, then reloads the page, which
 * the Worker draws for the new state. Plain JavaScript in a string, since the Worker serves it
 * as it is; every refusal it shows comes from the Worker in the owner's words.
 */
export const ADMIN_SCRIPT = `'use strict';
(() => {
  const message = document.querySelector('[data-message]');
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content;
  // The message sits below the forms: bring it into view, or a phone's screen may not show it.
  const say = (text) => {
    message.textContent = text;
    if (text) message.scrollIntoView({ block: 'center' });
  };

  const toBytes = (text) => {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  };
  const toText = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');

  class Refused extends Error {}

  async function call(method, path, body) {
    const headers = { 'Content-Type': 'application/json' };
    if (csrf) headers['X-CSRF-Token'] = csrf;
    let response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
    } catch {
      throw new Refused('The site could not be reached. Check this phone’s internet connection and try again.');
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Refused(answer.message || 'The site could not do that just now. Try again in a minute.');
    return answer;
  }

  /** The phone's own refusals, in the owner's words. */
  function phoneSaid(error, making) {
    if (error instanceof Refused) return error.message;
    if (error && error.name === 'InvalidStateError') return 'This phone already has a passkey for this site. Sign in with it instead.';
    if (error && error.name === 'NotAllowedError') {
      return making
        ? 'The phone did not make a passkey: it was cancelled, or took too long. Press the button again and unlock the phone when it asks.'
        : 'The phone gave no passkey: it was cancelled, or this phone has no passkey for this site any more. Try again, or add this phone with an invitation code.';
    }
    return 'Something went wrong on this phone: ' + (error && error.message ? error.message : String(error)) + '. Reload the page and try again.';
  }

  function passkeysMissing() {
    if (window.PublicKeyCredential && navigator.credentials) return false;
    say('This browser cannot use passkeys. Open this page in the phone’s own browser (Chrome on Android, Safari on iPhone).');
    return true;
  }

  async function register(form) {
    const data = new FormData(form);
    const options = await call('POST', '/api/passkeys/options', { code: data.get('code'), name: data.get('name') });
    const publicKey = {
      ...options,
      challenge: toBytes(options.challenge),
      user: { ...options.user, id: toBytes(options.user.id) },
      excludeCredentials: (options.excludeCredentials || []).map((c) => ({ ...c, id: toBytes(c.id) })),
    };
    const made = await navigator.credentials.create({ publicKey });
    const response = {
      clientDataJSON: toText(made.response.clientDataJSON),
      attestationObject: toText(made.response.attestationObject),
      transports: made.response.getTransports ? made.response.getTransports() : [],
    };
    await call('POST', '/api/passkeys/verify', {
      response: { id: made.id, rawId: toText(made.rawId), type: made.type, response, clientExtensionResults: made.getClientExtensionResults(), authenticatorAttachment: made.authenticatorAttachment || undefined },
    });
  }

  async function signin() {
    const options = await call('POST', '/api/signin/options');
    const publicKey = { ...options, challenge: toBytes(options.challenge), allowCredentials: (options.allowCredentials || []).map((c) => ({ ...c, id: toBytes(c.id) })) };
    const given = await navigator.credentials.get({ publicKey });
    const response = {
      clientDataJSON: toText(given.response.clientDataJSON),
      authenticatorData: toText(given.response.authenticatorData),
      signature: toText(given.response.signature),
      userHandle: given.response.userHandle ? toText(given.response.userHandle) : undefined,
    };
    await call('POST', '/api/signin/verify', {
      response: { id: given.id, rawId: toText(given.rawId), type: given.type, response, clientExtensionResults: given.getClientExtensionResults(), authenticatorAttachment: given.authenticatorAttachment || undefined },
    });
  }

  async function invite() {
    const { code } = await call('POST', '/api/invitations');
    const box = document.querySelector('[data-invitation]');
    box.querySelector('[data-code]').textContent = code;
    box.querySelector('[data-admin-address]').textContent = location.origin + '/admin/';
    box.hidden = false;
  }

  // The owner's page they were sent here from to sign in (?back=/admin/edit/services.yaml):
  // followed only to this site's own /admin/ pages, so a link from elsewhere cannot send them away.
  function back() {
    const asked = new URLSearchParams(location.search).get('back');
    if (!asked) return undefined;
    const to = new URL(asked, location.origin);
    return to.origin === location.origin && to.pathname.startsWith('/admin/') ? to.pathname + to.search : undefined;
  }

  /** Runs one action with its button held down, then shows what went wrong or the page for the new state. */
  async function run(button, action, making, reload) {
    say('');
    button.disabled = true;
    try {
      await action();
      const to = reload === 'back' ? back() : undefined;
      if (to) location.assign(to);
      else if (reload) location.reload();
    } catch (error) {
      say(phoneSaid(error, making));
    } finally {
      button.disabled = false;
    }
  }

  document.addEventListener('submit', (event) => {
    const form = event.target.closest('form[data-action="register"]');
    if (!form) return;
    event.preventDefault();
    if (passkeysMissing()) return;
    run(form.querySelector('button'), () => register(form), true, true);
  });

  document.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (!button) return;
    const action = button.dataset.action;
    if (action === 'signin' && !passkeysMissing()) run(button, signin, false, 'back');
    if (action === 'invite') run(button, invite, false, false);
    if (action === 'signout') run(button, () => call('POST', '/api/signout'), false, true);
    // Removing cannot be taken back: the page asks first, in words that say what it costs.
    if (action === 'remove' && confirm(button.dataset.confirm))
      run(button, () => call('DELETE', '/api/devices/' + encodeURIComponent(button.dataset.id)), false, true);
  });
})();
`;
