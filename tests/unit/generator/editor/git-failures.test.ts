/**
 * Every way publishing can fail in git, set up for real on this computer (bare repositories on
 * disk, an SSH server and HTTP servers on 127.0.0.1), each answered in one plain sentence with
 * git's own words kept as details, and never by waiting: each test's time limit is only the
 * bound that catches a hang. Git here has no name and email anywhere (an empty HOME, no system
 * settings), and ssh reads no settings, keys or known hosts but the test's own.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostOf } from '../../../../generator/editor/git-failures.js';
import { checkAddress, isFolder } from '../../../../generator/editor/git-settings.js';
import {
  publish,
  publishStatus,
  setPublishAddress,
  type PublishOptions,
  type PublishResult,
} from '../../../../generator/editor/publish.js';
import { gitProject, type GitProject } from '../../../helpers/editor-git.js';
import { startEditor } from '../../../helpers/editor-server.js';
import {
  closedPort,
  knownHostLine,
  signInServer,
  silentHttpServer,
  silentSshServer,
  sshKey,
  sshServer,
  type LocalRemote,
} from '../../../helpers/git-remotes.js';

/** A hang shows as this test's time running out, never as a slow pass. */
const HANG_BOUND = 30_000;
/** How long fetch and push may take here before publishing stops them. */
const NETWORK_LIMIT = 3_000;
const SIGNER = { name: 'Asha Menon', email: 'asha@periyarmovers.in' };

const ENV_KEYS = [
  'HOME',
  'XDG_CONFIG_HOME',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'SSH_AUTH_SOCK',
  'EMAIL',
];
const IDENTITY_KEYS = ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL'];
const savedEnv = Object.fromEntries([...ENV_KEYS, ...IDENTITY_KEYS].map((key) => [key, process.env[key]]));
const temporary: string[] = [];
const servers: LocalRemote[] = [];
let home: string;
let keys: string;

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'publish-home-'));
  keys = await mkdtemp(path.join(os.tmpdir(), 'publish-keys-'));
  temporary.push(home, keys);
  for (const key of [...ENV_KEYS, ...IDENTITY_KEYS]) delete process.env[key];
  // No name and email anywhere: an empty home folder, and no system-wide settings.
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = home;
  process.env.GIT_CONFIG_NOSYSTEM = '1';
});

afterEach(async () => {
  delete process.env.GIT_SSH_COMMAND;
  for (const server of servers.splice(0)) await server.close();
});

afterAll(async () => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

/** A project whose content has a saved change waiting, its origin at `url` (a bare repository on disk unless given). */
async function projectWithChange(url?: string): Promise<GitProject> {
  const project = await gitProject({ identity: false });
  temporary.push(project.dir, path.dirname(project.remote));
  if (url) project.git(['remote', 'set-url', 'origin', url]);
  await appendFile(path.join(project.dir, 'content/services.yaml'), '# Prices checked in November.\n');
  return project;
}

function publishFrom(project: GitProject, options: Partial<PublishOptions> = {}): Promise<PublishResult> {
  const url = project.git(['remote', 'get-url', 'origin']).trim();
  return publish({
    contentDir: path.join(project.dir, 'content'),
    message: 'Prices checked',
    identity: SIGNER,
    sendToFolder: url,
    // The strict build has tests of its own; here only git is tried.
    strictCheck: async () => undefined,
    networkTimeoutMs: NETWORK_LIMIT,
    ...options,
  });
}

/** ssh reads only the test's known hosts and key: nothing of the computer's own ~/.ssh. */
function sshThrough(options: { knownHosts: string; key: string; extra?: string }): void {
  process.env.GIT_SSH_COMMAND = `ssh -F /dev/null -o UserKnownHostsFile=${options.knownHosts} -o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o IdentityAgent=none -i ${options.key}${options.extra ?? ''}`;
}

/** A refusal that recorded nothing here and sent nothing there. */
function expectRefused(answer: PublishResult, project: GitProject, before: string): { message: string; details?: string } {
  expect(answer.status).toBe(409);
  expect(project.git(['rev-parse', 'HEAD']).trim()).toBe(before);
  return answer as { message: string; details?: string };
}

/** One sentence: one full stop, at the end, outside quotes and addresses. */
function expectOneSentence(message: string): void {
  expect(message.replace(/"[^"]*"|\([^)]*\)|\S+\.\S+/g, '')).toMatch(/^[^.]*\.$/);
}

async function sshProject(mode: 'refuse' | 'accept-key', options: { known: 'right' | 'none' | 'other'; passphrase?: string }) {
  const hostKey = sshKey(keys, `host-${Math.random().toString(36).slice(2)}`);
  const server = await sshServer(hostKey.file, mode);
  servers.push(server);
  const knownHosts = path.join(keys, `known-${server.port}`);
  const otherKey = sshKey(keys, `other-${server.port}`);
  await writeFile(
    knownHosts,
    options.known === 'none' ? '' : knownHostLine(server.port, (options.known === 'right' ? hostKey : otherKey).publicKey),
  );
  const key = sshKey(keys, `owner-${server.port}`, options.passphrase);
  sshThrough({ knownHosts, key: key.file });
  return projectWithChange(`ssh://git@127.0.0.1:${server.port}/periyar/site.git`);
}

describe('publishing says what went wrong in git, in one plain sentence', () => {
  it(
    'with no name and email anywhere, asks for them, then keeps them in the repository only and signs with them',
    async () => {
      const project = await projectWithChange();
      const before = project.git(['rev-parse', 'HEAD']).trim();
      expect((await publishStatus(path.join(project.dir, 'content'))).identity).toBeNull();

      const asked = await publishFrom(project, { identity: undefined });
      const { message } = expectRefused(asked, project, before);
      expect(message).toBe(
        'Git needs a name and an email to sign the change with: fill in "Your name" and "Your email" under Publish, then press Publish again.',
      );
      expect(asked).toMatchObject({ needs: 'identity' });

      const wrong = await publishFrom(project, { identity: { name: 'Asha Menon', email: 'asha at periyar' } });
      expect(expectRefused(wrong, project, before).message).toMatch(
        /^"Your email" does not look like an email address \(got "asha at periyar"\)/,
      );

      const answer = await publishFrom(project);
      expect(answer).toMatchObject({ status: 200, pushed: true });
      expect(project.git(['log', '-1', '--format=%an <%ae>|%cn <%ce>', 'main'], project.remote).trim()).toBe(
        'Asha Menon <asha@periyarmovers.in>|Asha Menon <asha@periyarmovers.in>',
      );
      expect(project.git(['config', '--local', 'user.email']).trim()).toBe(SIGNER.email);
      expect(existsSync(path.join(home, '.gitconfig'))).toBe(false);
      expect((await publishStatus(path.join(project.dir, 'content'))).identity).toEqual(SIGNER);
    },
    HANG_BOUND,
  );

  it(
    'asks before sending to a folder on this computer, and sends there once told to',
    async () => {
      const project = await projectWithChange();
      const before = project.git(['rev-parse', 'HEAD']).trim();
      expect(await publishStatus(path.join(project.dir, 'content'))).toMatchObject({ remote: project.remote, folder: true });
      const asked = await publishFrom(project, { sendToFolder: undefined });
      expect(expectRefused(asked, project, before).message).toBe(
        `Publishing would send the change to ${project.remote}, a folder on this computer, not to your site's repository: set your repository's address under "Publish to", or tick "Send it to this folder" to publish there anyway.`,
      );
      expect(asked).toMatchObject({ needs: 'folder' });
      expect(await publishFrom(project)).toMatchObject({ status: 200, pushed: true });
    },
    HANG_BOUND,
  );

  it(
    'takes the address of a GitHub repository, https or ssh, and refuses anything else in words',
    async () => {
      const project = await projectWithChange();
      const content = path.join(project.dir, 'content');
      const refused = await setPublishAddress(content, 'my site on github');
      expect(refused).toMatchObject({
        status: 409,
        message: expect.stringMatching(
          /^"my site on github" is not the address of a repository on a server: copy it from the green Code button/,
        ),
      });
      expect(await setPublishAddress(content, 'https://asha:ghp_secret@github.com/periyar/site.git')).toMatchObject({
        status: 409,
        message: expect.stringMatching(/password or token/),
      });
      expect(project.git(['remote', 'get-url', 'origin']).trim()).toBe(project.remote);

      const set = await setPublishAddress(content, ' git@github.com:periyar/site.git ');
      expect(set).toMatchObject({ status: 200, value: { remote: 'git@github.com:periyar/site.git', folder: false } });
      // What was known of the folder's branches says nothing about the new address.
      expect(project.git(['for-each-ref', 'refs/remotes/origin/']).trim()).toBe('');
      expect(await setPublishAddress(content, 'https://github.com/periyar/site.git')).toMatchObject({
        status: 200,
        value: { remote: 'https://github.com/periyar/site.git' },
      });
    },
    HANG_BOUND,
  );

  it(
    'a remote nobody answers at (a closed port), over ssh and https: check that this computer is online',
    async () => {
      const port = await closedPort();
      for (const url of [`ssh://git@127.0.0.1:${port}/periyar/site.git`, `http://127.0.0.1:${port}/periyar/site.git`]) {
        const project = await projectWithChange(url);
        const { message, details } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
        expect(message).toBe(
          '127.0.0.1 could not be reached: check that this computer is online (open any website), then press Publish again.',
        );
        expectOneSentence(message);
        expect(details).toMatch(/Connection refused|Couldn't connect/);
      }
    },
    HANG_BOUND,
  );

  it(
    'a server that greets and then hangs, over ssh and https: stopped after the time limit, not waited for',
    async () => {
      const ssh = await silentSshServer();
      const http = await silentHttpServer();
      servers.push(ssh, http);
      sshThrough({ knownHosts: '/dev/null', key: '/dev/null' });
      for (const url of [`ssh://git@127.0.0.1:${ssh.port}/periyar/site.git`, `http://127.0.0.1:${http.port}/periyar/site.git`]) {
        const project = await projectWithChange(url);
        const { message } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
        expect(message).toBe(
          '127.0.0.1 did not answer within 3 seconds, so the editor stopped waiting: check that this computer is online (open any website), then press Publish again.',
        );
      }
    },
    HANG_BOUND,
  );

  it(
    'a push turned away because the remote took newer changes meanwhile: Publish again takes them in',
    async () => {
      const project = await projectWithChange();
      // Pushes go to a copy that moved on since this one fetched, as when someone publishes in between.
      const elsewhere = path.join(path.dirname(project.remote), 'elsewhere.git');
      project.git(['clone', '--quiet', '--bare', project.remote, elsewhere]);
      const other = path.join(path.dirname(project.remote), 'other');
      project.git(['clone', '--quiet', elsewhere, other]);
      await appendFile(path.join(other, 'content/whatsapp.yaml'), '# Checked.\n');
      project.git(['commit', '--quiet', '-am', 'Published from the office'], other);
      project.git(['push', '--quiet', 'origin', 'main'], other);
      project.git(['config', 'remote.origin.pushurl', elsewhere]);

      const answer = await publishFrom(project);
      expect(answer).toMatchObject({ status: 200, pushed: false });
      const { message, details } = answer as { message: string; details: string };
      expect(message).toBe(
        `The folder ${project.remote} took a change from someone else while this one was being sent (published from another computer, or on the website); yours is kept here: press Publish again to take theirs in and send yours on top.`,
      );
      expect(details).toMatch(/\[rejected\]/);

      // As the message says: the next Publish takes their change in and sends the one kept here on top.
      project.git(['config', '--unset', 'remote.origin.pushurl']);
      project.git(['remote', 'set-url', 'origin', elsewhere]);
      const again = await publishFrom(project, { message: 'Prices checked, again' });
      expect(again).toMatchObject({
        status: 200,
        pushed: true,
        note: 'Someone else published meanwhile; their changes to content/whatsapp.yaml were taken in.',
      });
      expect(project.git(['log', '--format=%s', '-2', 'main'], elsewhere).trim().split('\n')).toEqual([
        'Prices checked, again',
        'Published from the office',
      ]);
      expect(project.git(['show', 'main:content/services.yaml'], elsewhere)).toContain('# Prices checked in November.');
    },
    HANG_BOUND,
  );

  it(
    'a push the remote itself turns away (a hook): its reason kept as details',
    async () => {
      const project = await projectWithChange();
      await writeFile(path.join(project.remote, 'hooks', 'pre-receive'), '#!/bin/sh\necho "closed for maintenance" >&2\nexit 1\n', {
        mode: 0o755,
      });
      const answer = await publishFrom(project);
      expect(answer).toMatchObject({ status: 200, pushed: false });
      expect((answer as { message: string }).message).toMatch(
        /turned the change away for a reason of its own \(shown under "What git said"\): show it to whoever looks after the repository/,
      );
      expect((answer as { details: string }).details).toContain('closed for maintenance');
    },
    HANG_BOUND,
  );

  it(
    'GitHub refusing the deploy settings from a sign-in without the right to change them: how to get it',
    async () => {
      const project = await projectWithChange();
      // What GitHub answers a push of .github/workflows/ over https signed in by gh without the workflow scope.
      const refusal = 'refusing to allow an OAuth App to create or update workflow `.github/workflows/deploy.yml` without `workflow` scope';
      await writeFile(path.join(project.remote, 'hooks', 'pre-receive'), `#!/bin/sh\necho '${refusal}' >&2\nexit 1\n`, { mode: 0o755 });
      const answer = await publishFrom(project);
      expect(answer).toMatchObject({ status: 200, pushed: false });
      expect((answer as { message: string }).message).toBe(
        `The folder ${project.remote} will not take the site's deploy settings (.github/workflows) from this computer's sign-in, which lacks the right to change them: run "gh auth refresh -s workflow" in a terminal, then press Publish again.`,
      );
    },
    HANG_BOUND,
  );

  it(
    'an address with no repository behind it: check the address',
    async () => {
      const missing = path.join(os.tmpdir(), 'no-such-site-repository.git');
      const project = await projectWithChange(missing);
      const { message } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      expect(message).toBe(
        `There is no repository at ${missing}: check the address under "Publish to" (copy it from the green Code button of your repository on GitHub), then press Publish again.`,
      );
    },
    HANG_BOUND,
  );

  it(
    'https asking for a sign-in this computer does not have: no prompt, set up the sign-in',
    async () => {
      const server = await signInServer();
      servers.push(server);
      const project = await projectWithChange(`http://127.0.0.1:${server.port}/periyar/site.git`);
      const { message, details } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      expect(message).toBe(
        '127.0.0.1 asked who is publishing, and this computer has no sign-in stored for it: set up the sign-in once as the README shows under "Your own site, live", then press Publish again.',
      );
      expect(details).toMatch(/terminal prompts disabled|could not read Username/);
      expect(server.requests()).toBeGreaterThan(0);
    },
    HANG_BOUND,
  );

  it(
    'https with a stored sign-in the server refuses: set it up again',
    async () => {
      const server = await signInServer();
      servers.push(server);
      const url = `http://127.0.0.1:${server.port}/periyar/site.git`;
      const project = await projectWithChange(url);
      const store = path.join(keys, `credentials-${server.port}`);
      await writeFile(store, `http://asha:expired-token@127.0.0.1%3a${server.port}\n`, { mode: 0o600 });
      project.git(['config', '--local', 'credential.helper', `store --file=${store}`]);
      const { message } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      expect(message).toBe(
        '127.0.0.1 did not accept the sign-in stored on this computer, or it may not change this repository: set up the sign-in again as the README shows under "Your own site, live", then press Publish again.',
      );
    },
    HANG_BOUND,
  );

  it(
    'an ssh server whose host key this computer has not been told to trust: no question asked, how to trust it',
    async () => {
      const project = await sshProject('refuse', { known: 'none' });
      const { message, details } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      const port = /:(\d+)\//.exec(project.git(['remote', 'get-url', 'origin']))![1];
      expect(message).toMatch(
        new RegExp(
          `^This computer has not been told yet that it may trust 127\\.0\\.0\\.1: run "ssh -T -p ${port} git@127\\.0\\.0\\.1" once in a terminal and answer yes`,
        ),
      );
      expect(details).toContain('Host key verification failed');
      expect(details).not.toMatch(/^debug1:/m);
    },
    HANG_BOUND,
  );

  it(
    'an ssh server whose host key is not the one known for it: do not publish',
    async () => {
      const project = await sshProject('refuse', { known: 'other' });
      const { message } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      expect(message).toMatch(/^127\.0\.0\.1 answered with a different key than the one this computer knows for it.*: do not publish/);
    },
    HANG_BOUND,
  );

  it(
    'an ssh key the server refuses: add it to the account',
    async () => {
      const project = await sshProject('refuse', { known: 'right' });
      const { message, details } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      expect(message).toBe(
        '127.0.0.1 did not accept this computer\'s SSH key: add the key to your account there (on GitHub: Settings, SSH and GPG keys, as the README shows under "Your own site, live"), then press Publish again.',
      );
      expect(details).toContain('Permission denied (publickey)');
    },
    HANG_BOUND,
  );

  it(
    'an ssh key locked with a passphrase: no prompt, unlock it with ssh-add',
    async () => {
      const project = await sshProject('accept-key', { known: 'right', passphrase: 'backwaters' });
      const { message } = expectRefused(await publishFrom(project), project, project.git(['rev-parse', 'HEAD']).trim());
      expect(message).toBe(
        '127.0.0.1 knows this computer\'s SSH key, but the key is locked with a passphrase the editor cannot ask for: unlock it by running "ssh-add" in a terminal and typing the passphrase there, then press Publish again.',
      );
    },
    HANG_BOUND,
  );

  it(
    'saves go on while a publish waits on the network',
    async () => {
      const ssh = await silentSshServer();
      servers.push(ssh);
      // The owner's own ssh options come first and win: here ssh gives up on a silent server sooner.
      sshThrough({ knownHosts: '/dev/null', key: '/dev/null', extra: ' -o ServerAliveInterval=2 -o ServerAliveCountMax=1' });
      const project = await projectWithChange(`ssh://git@127.0.0.1:${ssh.port}/periyar/site.git`);
      const editor = await startEditor({ dir: project.dir });
      try {
        const opened = (await editor.api('GET', '/__edit/api/file?file=services.yaml')).json();
        let published = false;
        const publishing = editor.api('POST', '/__edit/api/publish', { message: 'Prices checked', ...SIGNER }).then((answer) => {
          published = true;
          return answer;
        });
        // The publish is under way (its fetch is waiting on the server) before the save is sent.
        await until(() => ssh.connections() > 0);
        opened.value.services[0].pricing.starting = 9199;
        const saved = await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: opened.value, version: opened.version });
        expect(saved.status).toBe(200);
        expect(published).toBe(false);
        const answer = await publishing;
        expect(answer.status).toBe(409);
        expect(answer.json().message).toBe(
          '127.0.0.1 could not be reached: check that this computer is online (open any website), then press Publish again.',
        );
      } finally {
        await editor.close();
      }
    },
    HANG_BOUND,
  );
});

describe('a save during a publish', () => {
  it(
    'made while the site is being checked, stops that publish with nothing recorded, so what is published is what was checked',
    async () => {
      const project = await projectWithChange();
      const before = project.git(['rev-parse', 'HEAD']).trim();
      const answer = await publishFrom(project, {
        strictCheck: async () => {
          await appendFile(path.join(project.dir, 'content/services.yaml'), '# Saved in another tab meanwhile.\n');
          return undefined;
        },
      });
      expect(expectRefused(answer, project, before).message).toBe(
        'A file was saved while publishing was checking the site, so nothing was published: press Publish again to publish that change too.',
      );
      expect(project.git(['status', '--porcelain']).trim()).toBe('M content/services.yaml');
      expect(await publishFrom(project)).toMatchObject({ status: 200, pushed: true });
    },
    HANG_BOUND,
  );
});

describe('addresses', () => {
  it('tells a folder on this computer from an address on a server', () => {
    expect(['/home/asha/site', './site', 'file:///home/asha/site.git', 'C:\\Users\\asha\\site', '../site.git'].map(isFolder)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      [
        'https://github.com/periyar/site.git',
        'git@github.com:periyar/site.git',
        'ssh://git@github.com/periyar/site.git',
        'github.com:periyar/site',
      ].map(isFolder),
    ).toEqual([false, false, false, false]);
  });

  it('names the host as a person would', () => {
    expect(
      ['https://github.com/periyar/site.git', 'git@github.com:periyar/site.git', 'ssh://git@127.0.0.1:2222/x.git', '/srv/site.git'].map(
        hostOf,
      ),
    ).toEqual(['github.com', 'github.com', '127.0.0.1', 'the folder /srv/site.git']);
  });

  it('accepts the forms GitHub shows under Code', () => {
    expect(checkAddress('https://github.com/periyar/site.git')).toBeUndefined();
    expect(checkAddress('https://github.com/periyar/site')).toBeUndefined();
    expect(checkAddress('git@github.com:periyar/site.git')).toBeUndefined();
    expect(checkAddress('ssh://git@github.com/periyar/site.git')).toBeUndefined();
    expect(checkAddress('/home/asha/site.git')).toMatch(/is not the address of a repository on a server/);
    expect(checkAddress('')).toMatch(/^Write the address of your repository/);
  });
});

/** Waits for a state, checking again after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
