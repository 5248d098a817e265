import type { GitResult } from './git.js';

/**
 * What a failed git call means for the owner: one plain sentence of what happened and the one
 * thing to do, with git's own words kept apart as details. Each failure has a name that never
 * changes, and the patterns of git's and ssh's messages (run in English, LC_ALL=C) that mean it.
 */

export interface GitFailure {
  name: FailureName;
  /** What happened and what to do, in one sentence. */
  message: string;
  /** Git's own text, for whoever helps the owner; without ssh's debugging lines. */
  details: string;
}

/** What the sentence may name: the address publishing sends to, and for how long git waited. */
export interface FailureContext {
  /** The remote's address, as set (https://github.com/…, git@github.com:…, a folder). */
  url: string;
  timeoutMs?: number;
}

type FailureName =
  | 'timed-out'
  | 'host-key-unknown'
  | 'host-key-changed'
  | 'ssh-key-locked'
  | 'ssh-key-refused'
  | 'sign-in-missing'
  | 'sign-in-refused'
  | 'not-found'
  | 'unreachable'
  | 'rejected-behind'
  | 'rejected-by-remote'
  | 'workflow-scope'
  | 'no-identity'
  | 'unknown';

interface Entry {
  name: FailureName;
  /** `text` is git's message without ssh's debugging lines; `full` has them. */
  matches: (text: string, full: string) => boolean;
  message: (where: Where) => string;
}

interface Where {
  host: string;
  url: string;
  seconds: number;
  /** What to give `ssh -T` to reach the same server: git@github.com, or -p 2222 git@host. */
  sshTarget: string;
}

const any =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((pattern) => pattern.test(text));

const AGAIN = 'then press Publish again';
const GUIDE = 'as the README shows under "Your own site, live"';

/** In order: the first entry whose patterns match names the failure (a push turned away got past the network and the sign-in). */
const CATALOGUE: readonly Entry[] = [
  {
    name: 'rejected-behind',
    matches: any(/\[rejected\]/, /non-fast-forward/, /fetch first/, /Updates were rejected/),
    message: ({ host }) =>
      `${host} took a change from someone else while this one was being sent (published from another computer, or on the website); yours is kept here: press Publish again to take theirs in and send yours on top.`,
  },
  {
    // GitHub refuses a new or changed .github/workflows file from a sign-in without that right (gh asks without it).
    name: 'workflow-scope',
    matches: any(/without `?workflow`? scope/),
    message: ({ host }) =>
      `${host} will not take the site's deploy settings (.github/workflows) from this computer's sign-in, which lacks the right to change them: run "gh auth refresh -s workflow" in a terminal, ${AGAIN}.`,
  },
  {
    name: 'rejected-by-remote',
    matches: any(/\[remote rejected\]/, /pre-receive hook declined/, /protected branch/i),
    message: ({ host }) =>
      `${host} turned the change away for a reason of its own (shown under "What git said"): show it to whoever looks after the repository, ${AGAIN}.`,
  },
  {
    name: 'host-key-changed',
    matches: any(/REMOTE HOST IDENTIFICATION HAS CHANGED/, /Host key for .* has changed/),
    message: ({ host }) =>
      `${host} answered with a different key than the one this computer knows for it, which can mean someone is in between, so nothing was sent: do not publish until whoever looks after this computer has checked it.`,
  },
  {
    name: 'host-key-unknown',
    matches: any(/Host key verification failed/, /No [A-Z0-9-]+ host key is known for/),
    message: ({ host, sshTarget }) =>
      `This computer has not been told yet that it may trust ${host}: run "ssh -T ${sshTarget}" once in a terminal and answer yes if the fingerprint it shows is the one ${host} publishes (${GUIDE}), ${AGAIN}.`,
  },
  {
    // The server would take the key, but ssh could not use it: it needs its passphrase.
    name: 'ssh-key-locked',
    matches: (text, full) => /Server accepts key/.test(full) && /Permission denied \(/.test(text),
    message: ({ host }) =>
      `${host} knows this computer's SSH key, but the key is locked with a passphrase the editor cannot ask for: unlock it by running "ssh-add" in a terminal and typing the passphrase there, ${AGAIN}.`,
  },
  {
    name: 'ssh-key-refused',
    matches: any(/Permission denied \(/),
    message: ({ host }) =>
      `${host} did not accept this computer's SSH key: add the key to your account there (on GitHub: Settings, SSH and GPG keys, ${GUIDE}), ${AGAIN}.`,
  },
  {
    name: 'sign-in-missing',
    matches: any(/could not read (Username|Password)/i, /terminal prompts disabled/, /No anonymous write access/),
    message: ({ host }) =>
      `${host} asked who is publishing, and this computer has no sign-in stored for it: set up the sign-in once ${GUIDE}, ${AGAIN}.`,
  },
  {
    name: 'sign-in-refused',
    matches: any(
      /Authentication failed/i,
      /Invalid username or (password|token)/i,
      /returned error: 40[13]/,
      /Password authentication is not supported/i,
      /Write access to repository not granted/i,
    ),
    message: ({ host }) =>
      `${host} did not accept the sign-in stored on this computer, or it may not change this repository: set up the sign-in again ${GUIDE}, ${AGAIN}.`,
  },
  {
    name: 'not-found',
    matches: any(/Repository not found/i, /does not appear to be a git repository/, /returned error: 404/, /repository '.*' not found/),
    message: ({ url }) =>
      `There is no repository at ${url}: check the address under "Publish to" (copy it from the green Code button of your repository on GitHub), ${AGAIN}.`,
  },
  {
    name: 'unreachable',
    matches: any(
      /Could not resolve host/i,
      /Name or service not known/,
      /Temporary failure in name resolution/,
      /nodename nor servname/,
      /Connection refused/,
      /Network is unreachable/,
      /No route to host/,
      /timed out/i,
      /Failed to connect/,
      /Couldn't connect to server/,
      /Connection reset/,
      /Connection closed by/,
      /Could not connect/i,
    ),
    message: ({ host }) => `${host} could not be reached: check that this computer is online (open any website), ${AGAIN}.`,
  },
  {
    name: 'no-identity',
    matches: any(
      /Author identity unknown/,
      /Committer identity unknown/,
      /unable to auto-detect email/,
      /empty ident name/,
      /no email was given/,
      /no name was given/,
    ),
    message: () => `Git needs a name and an email to sign the change with: fill in "Your name" and "Your email" under Publish, ${AGAIN}.`,
  },
];

/** The remote's host as a person would name it: github.com, or "the folder …" for a local remote. */
export function hostOf(url: string): string {
  const parsed = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:]+)/i.exec(url);
  if (parsed && !/^file:/i.test(url)) return parsed[1]!;
  const scp = /^(?:[^@/:]+@)?([^/:]+):/.exec(url);
  if (scp && !/^[a-z]:[\\/]/i.test(url)) return scp[1]!;
  return `the folder ${url.replace(/^file:\/\//i, '')}`;
}

/** A sentence that opens with a folder ("the folder …") starts with a capital; a host name stays as it is written. */
function capitalised(text: string): string {
  return text.startsWith('the folder ') ? `T${text.slice(1)}` : text;
}

function sshTargetOf(url: string, host: string): string {
  const parsed = /^ssh:\/\/(?:([^@/]+)@)?[^/:]+(?::(\d+))?\//i.exec(url) ?? /^(?:([^@/:]+)@)?[^/:]+:()/.exec(url);
  const user = parsed?.[1] ?? 'git';
  return `${parsed?.[2] ? `-p ${parsed[2]} ` : ''}${user}@${host}`;
}

/** Ssh's debugging lines, asked for only to tell failures apart, are left out of what is shown. */
function detailsOf(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !/^debug\d: /.test(line) && !/^(OpenSSH_|Authenticated to )/.test(line))
    .join('\n')
    .trim();
}

export function explainGitFailure(result: GitResult, context: FailureContext): GitFailure {
  const host = hostOf(context.url);
  const where: Where = {
    host,
    url: context.url,
    seconds: Math.round((context.timeoutMs ?? 0) / 1000),
    sshTarget: sshTargetOf(context.url, host),
  };
  const details = detailsOf(result.stderr);
  if (result.timedOut) {
    return {
      name: 'timed-out',
      message: capitalised(
        `${where.host} did not answer within ${where.seconds} seconds, so the editor stopped waiting: check that this computer is online (open any website), ${AGAIN}.`,
      ),
      details,
    };
  }
  const entry = CATALOGUE.find((candidate) => candidate.matches(details, result.stderr));
  if (entry) return { name: entry.name, message: capitalised(entry.message(where)), details };
  return {
    name: 'unknown',
    message: `Git could not finish talking to ${where.host}, for a reason the editor does not know (shown under "What git said"): show it to whoever looks after the site, ${AGAIN}.`,
    details,
  };
}
