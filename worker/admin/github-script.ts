/**
 * The GitHub connection's script, served as /admin/github.js. On /admin/github/ it asks the Worker
 * for a state before the manifest's form goes to GitHub; on /admin/github/return it sends GitHub's
 * code and that state back to the Worker from this site's own page (the session cookie comes with
 * it here, never with GitHub's redirect), then opens GitHub's page to install the App.
 * Every refusal it shows comes from the Worker in the owner's words.
 */
export const GITHUB_SCRIPT = `'use strict';
(() => {
  const message = document.querySelector('[data-message]');
  const unreachable = 'The site could not be reached. Check this phone’s internet connection and try again.';
  const say = (text) => {
    message.textContent = text;
    if (text) message.scrollIntoView({ block: 'center' });
  };
  async function post(path, body, csrf) {
    let response;
    try {
      response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify(body), credentials: 'same-origin' });
    } catch {
      throw new Error(unreachable);
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.message || 'The site could not do that just now. Try again in a minute.');
    return answer;
  }

  const form = document.querySelector('form[data-connect]');
  if (form) {
    const csrf = document.querySelector('meta[name="csrf-token"]').content;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button');
      say('');
      button.disabled = true;
      try {
        const { state } = await post('/api/github/start', {}, csrf);
        form.action = form.action.split('?')[0] + '?state=' + encodeURIComponent(state);
        form.submit();
      } catch (error) {
        say(error.message);
        button.disabled = false;
      }
    });
  }

  const progress = document.querySelector('[data-progress]');
  if (progress) {
    const query = new URLSearchParams(location.search);
    const code = query.get('code');
    const state = query.get('state');
    // The code works once: a reload or the address shared must not carry it.
    history.replaceState(null, '', location.pathname);
    if (!code || !state) {
      progress.hidden = true;
      document.querySelector('[data-no-code]').hidden = false;
      return;
    }
    (async () => {
      try {
        let session;
        try {
          session = await (await fetch('/api/session', { credentials: 'same-origin' })).json();
        } catch {
          throw new Error(unreachable);
        }
        const { install } = await post('/api/github/finish', { code, state }, session.csrfToken || '');
        location.replace(install);
      } catch (error) {
        progress.hidden = true;
        say(error.message);
      }
    })();
  }
})();
`;
