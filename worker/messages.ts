/**
 * Every answer the owner can read when something is refused, by a stable code. Each says what is
 * wrong and the one thing to do, in plain words; /admin/ shows the message as it is.
 */
export const MESSAGES = {
  'setup-code-wrong': 'That set-up code is not right. Check it letter by letter and type it again.',
  'setup-code-used': 'That set-up code was already used, so it no longer works. Sign in with the phone that was set up first.',
  'setup-code-missing': 'This site has no set-up code yet. Ask whoever looks after the site to add one.',
  'already-set-up':
    'This site’s editor is already set up. Sign in with your phone, or add this phone with an invitation code from a phone that is signed in.',
  'invitation-wrong':
    'That invitation code is not right, or its 15 minutes are over. On a phone that is signed in, press “Add another phone” for a new code.',
  'name-missing': 'Give this phone a name, such as “Anil’s phone”, so you can tell your phones apart later.',
  'name-too-long': 'That name is too long: keep it under 60 letters.',
  'passkey-unknown':
    'This phone’s passkey is no longer on the list of phones that may sign in. Sign in with another phone, or add this one again with an invitation code.',
  'passkey-refused':
    'The phone’s answer could not be checked. Try again; if it keeps happening, add this phone again with an invitation code.',
  'ceremony-expired': 'That took too long, or started in another tab. Press the button again.',
  'session-missing': 'You are not signed in. Sign in with your phone first.',
  'session-expired':
    'You were signed out: the editor signs you out after 12 hours without use, and after 7 days in any case. Sign in again.',
  'session-ended': 'You were signed out on this phone: it signed out, or was removed from the list of phones. Sign in again.',
  'last-device': 'This is the only phone that can sign in, so it cannot be removed. Add another phone first.',
  'device-unknown': 'That phone is not on the list any more. The list has been brought up to date.',
  'wrong-origin':
    'This change did not come from this site’s own editor page, so it was refused. Open the editor from the site’s address and try again.',
  'csrf-missing': 'This page is out of date. Reload it and try again.',
  'bad-request': 'The editor page sent something this site does not understand. Reload the page and try again.',
  'not-found': 'There is nothing at this address.',
  'request-unknown':
    'That quote request is no longer kept: it was deleted at the end of its keeping period. Reload the page to see the list as it is now.',
} as const;

export type MessageCode = keyof typeof MESSAGES;
