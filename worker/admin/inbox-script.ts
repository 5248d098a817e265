/**
 * The inbox's script, served as /admin/inbox.js: its buttons (new, contacted, done; send to email
 * again) call the API with the page's CSRF token, then show the page again as the Worker draws it.
 * Every refusal it shows comes from the Worker in the owner's words.
 */
export const INBOX_SCRIPT = `'use strict';
(() => {
  const message = document.querySelector('[data-message]');
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  // Said inside the card whose button was tapped: at the foot of a long list the owner would lose
  // both the card and which request the words are about.
  const say = (text, button) => {
    button.closest('.request')?.append(message);
    message.textContent = text;
    if (text) message.scrollIntoView({ block: 'nearest' });
  };
  async function post(path, body) {
    let response;
    try {
      response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify(body || {}), credentials: 'same-origin' });
    } catch {
      throw new Error('The site could not be reached. Check this phone’s internet connection and try again.');
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.message || 'The site could not do that just now. Try again in a minute.');
  }
  document.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-action]');
    if (!button) return;
    const id = encodeURIComponent(button.dataset.id);
    say('', button);
    button.disabled = true;
    try {
      if (button.dataset.action === 'handled') await post('/api/requests/' + id + '/handled', { state: button.dataset.state });
      if (button.dataset.action === 'resend') await post('/api/requests/' + id + '/resend');
      location.reload();
    } catch (error) {
      say(error.message, button);
      button.disabled = false;
    }
  });
})();
`;
