import { git } from './git.js';

/**
 * The two git settings an owner makes from the editor: the name and email a change is signed
 * with, and the address it is published to. Both are kept in the repository's own settings
 * (.git/config), never in the computer's: another project on the same computer is not touched.
 */

export interface Identity {
  name: string;
  email: string;
}

/** Only a name and email that were given, never git's guess from the computer's user and host names. */
export const EXPLICIT_IDENTITY = ['-c', 'user.useConfigOnly=true'] as const;

/** The name and email git will sign with, from any of its settings or its environment, or null when it has none. */
export async function identityOf(top: string): Promise<Identity | null> {
  const found = await git(top, [...EXPLICIT_IDENTITY, 'var', 'GIT_COMMITTER_IDENT']);
  const author = await git(top, [...EXPLICIT_IDENTITY, 'var', 'GIT_AUTHOR_IDENT']);
  if (!found.ok || !author.ok) return null;
  const parsed = /^(.*) <([^>]*)> \d+ [+-]\d{4}$/.exec(author.stdout.trim());
  return parsed ? { name: parsed[1]!, email: parsed[2]! } : null;
}

/**
 * What is wrong with a field holding a character no one types (NUL, a control character; with
 * `lines`, tabs and line breaks are typed), which git cannot take: said with the field's label, or undefined.
 */
export function untypable(label: string, value: string, lines = false): string | undefined {
  const control = lines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/;
  if (!control.test(value)) return undefined;
  return `"${label}" holds a character that cannot be typed (an invisible control character, perhaps copied with the text): clear the field and type it again.`;
}

/** What is wrong with a name and email typed in the editor, in the words of its fields, or undefined. */
export function checkIdentity(identity: Identity): string | undefined {
  const name = identity.name.trim();
  const email = identity.email.trim();
  const hidden = untypable('Your name', name) ?? untypable('Your email', email);
  if (hidden) return hidden;
  if (name === '') return 'Fill in "Your name": it is shown with every change you publish (your own name, or the company\'s).';
  if (/[<>\n\r]/.test(name) || name.length > 100)
    return '"Your name" may not hold < > or a line break, and has at most 100 letters: write it as people know you.';
  if (email === '') return 'Fill in "Your email": it is kept with every change you publish (on GitHub, use the email of your account).';
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]+$/.test(email))
    return `"Your email" does not look like an email address (got "${email}"): write it as name@example.com.`;
  return undefined;
}

/** Keeps the name and email in this repository's settings only. */
export async function saveIdentity(top: string, identity: Identity): Promise<string | undefined> {
  for (const [key, value] of [
    ['user.name', identity.name.trim()],
    ['user.email', identity.email.trim()],
  ] as const) {
    const set = await git(top, ['config', '--local', '--', key, value]);
    if (!set.ok)
      return `The name and email could not be kept in the project's git settings (${set.stderr}): check that the project folder can be written to.`;
  }
  return undefined;
}

/**
 * A remote that is a folder on this computer (a plain path or file://), as `git clone` of a
 * folder leaves it, rather than an address on a server. Git reads "host:path" with no slash
 * before the colon as ssh (scp style); a Windows drive letter is a folder.
 */
export function isFolder(url: string): boolean {
  if (/^file:\/\//i.test(url)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return false;
  if (/^[a-z]:[\\/]/i.test(url)) return true;
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  return !(colon > 0 && (slash < 0 || colon < slash));
}

// A user or host starts with a letter or digit: ssh would read one starting with "-" as an option.
const HOST = '[a-z0-9][a-z0-9.-]*';
const USER = '[a-z0-9_][a-z0-9._-]*';
const HTTPS = new RegExp(`^https://${HOST}(:\\d+)?/[^\\s?#]+$`, 'i');
const SSH_URL = new RegExp(`^ssh://(${USER}@)?${HOST}(:\\d+)?/[^\\s?#]+$`, 'i');
const SCP = new RegExp(`^${USER}@${HOST}:[^\\s/-][^\\s]*$`, 'i');

/** What is wrong with an address typed in the editor, or undefined: https and ssh addresses of a repository only. */
export function checkAddress(url: string): string | undefined {
  const example =
    'copy it from the green Code button of your repository on GitHub, e.g. https://github.com/your-name/your-site.git or git@github.com:your-name/your-site.git';
  if (url === '') return `Write the address of your repository: ${example}.`;
  const hidden = untypable("Your repository's address", url);
  if (hidden) return hidden;
  if (url.startsWith('-')) return `"Your repository's address" starts with "-", which no repository's address does: ${example}.`;
  if (/^https?:\/\/[^/@\s]*:[^/@\s]*@/i.test(url))
    return `This address has a password or token in it, which would be kept readable in the project folder: write it without, ${example}.`;
  if (HTTPS.test(url) || SSH_URL.test(url) || SCP.test(url)) return undefined;
  return `"${url}" is not the address of a repository on a server: ${example}.`;
}

/** Points `remote` (added when missing) at `url`, forgetting what was known of the old address's branches. */
export async function saveAddress(top: string, remote: string, url: string): Promise<string | undefined> {
  const exists = (await git(top, ['remote'])).stdout.split('\n').includes(remote);
  const set = await git(top, exists ? ['remote', 'set-url', '--', remote, url] : ['remote', 'add', '--', remote, url]);
  if (!set.ok)
    return `The address could not be kept in the project's git settings (${set.stderr}): check that the project folder can be written to.`;
  // The old address's branches say nothing about the new one: the next publish sends everything.
  const refs = (await git(top, ['for-each-ref', '--format=%(refname)', `refs/remotes/${remote}/`])).stdout.split('\n').filter(Boolean);
  for (const ref of refs) await git(top, ['update-ref', '-d', ref]);
  return undefined;
}
