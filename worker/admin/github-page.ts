/**
 * /admin/github/: connecting the site's GitHub repository from the phone. Without an App, one
 * button posts the App's manifest to GitHub; with one, whether it reaches the repository, and the
 * way to install it there. /admin/github/return is where GitHub sends the owner back.
 */
import { adminDocument } from './document.js';
import { escapeHtml } from './format.js';
import { tabs } from './tabs.js';

/** The form that posts the manifest to GitHub; the page's script adds the state first. */
export interface ConnectForm {
  action: string;
  manifest: string;
}

export type GitHubScreen =
  | { kind: 'no-repository'; message: string }
  | { kind: 'connect'; repository: string; form: ConnectForm }
  | {
      kind: 'app';
      repository: string;
      /** The App's slug when it was made from a phone; undefined when the site's settings name it. */
      slug?: string;
      /** Why it does not reach the repository, in the owner's words; undefined when it does. */
      problem?: string;
      notInstalled: boolean;
      install?: string;
      form?: ConnectForm;
    };

const TABS = tabs();
const TITLE = 'Connect the site’s GitHub repository';

function connectForm(form: ConnectForm, label: string, secondary = false): string {
  return `<form method="post" action="${escapeHtml(form.action)}" data-connect>
  <input type="hidden" name="manifest" value="${escapeHtml(form.manifest)}">
  <button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button>
</form>`;
}

function connect(repository: string, form: ConnectForm): string {
  const repo = escapeHtml(repository);
  return `<h1>${TITLE}</h1>
<p>The editor publishes your changes to <strong>${repo}</strong> on GitHub, through a GitHub App that only this site holds. First sign in to GitHub in this browser, as someone who may change that repository’s settings.</p>
<ol class="steps">
  <li>Press the button below: GitHub opens with the App filled in.</li>
  <li>On GitHub, press <strong>Create GitHub App</strong>.</li>
  <li>GitHub brings you back here, then asks where to install the App: choose <strong>Only select repositories</strong>, pick <strong>${escapeHtml(repository.split('/')[1] ?? repository)}</strong>, and press <strong>Install</strong>.</li>
</ol>
${connectForm(form, TITLE)}`;
}

function app(screen: Extract<GitHubScreen, { kind: 'app' }>): string {
  const repo = escapeHtml(screen.repository);
  const name = screen.slug ? `the App “${escapeHtml(screen.slug)}”` : 'the site’s GitHub App';
  const state = screen.problem
    ? screen.notInstalled
      ? `<p class="notice" role="status">${name[0]!.toUpperCase()}${name.slice(1)} is made, but not installed on <strong>${repo}</strong> yet, so the editor cannot read or publish.</p>`
      : `<p class="notice" role="status">${escapeHtml(screen.problem)}</p>`
    : `<p class="connected" role="status">Connected: the editor reads and publishes <strong>${repo}</strong> through ${name}.</p>
<a class="button" href="/admin/edit/">Open the editor</a>`;
  const install =
    screen.problem && screen.install
      ? `<a class="button" href="${escapeHtml(screen.install)}">Install the App on ${repo}</a>
<p class="hint">On GitHub, choose <strong>Only select repositories</strong>, pick the site’s repository, and press <strong>Install</strong> (or <strong>Save</strong>): GitHub then brings you back here.</p>`
      : '';
  const again = screen.problem ? '<a class="button secondary" href="/admin/github/">Check again</a>' : '';
  const origin = screen.slug
    ? ''
    : '<p class="hint">The App was set in the site’s settings by whoever looks after the site; only they can change it.</p>';
  const remake = screen.form
    ? `<h2>Make a new App</h2>
<p class="hint">Only when the App above was deleted on GitHub, or its key is lost: the new App takes its place here.</p>
${connectForm(screen.form, 'Make a new App on GitHub', true)}`
    : '';
  return `<h1>The site’s GitHub repository</h1>
${state}
${install}
${again}
${origin}
${remake}`;
}

export function gitHubPage(screen: GitHubScreen, csrfToken: string): string {
  const body =
    screen.kind === 'no-repository'
      ? `<h1>${TITLE}</h1>\n<p class="notice" role="status">${escapeHtml(screen.message)}</p>`
      : screen.kind === 'connect'
        ? connect(screen.repository, screen.form)
        : app(screen);
  return adminDocument({
    title: 'The site’s GitHub repository',
    body: `${TABS}\n${body}`,
    csrfToken,
    script: '/admin/github.js',
    styles: ['/admin/admin.css', '/admin/github.css'],
  });
}

/** Where GitHub sends the owner back: the page's script hands GitHub's code to the Worker, signed in. */
export function returnPage(): string {
  return adminDocument({
    title: 'Connecting to GitHub',
    body: `<h1>Connecting to GitHub</h1>
<p role="status" data-progress>Finishing the connection with GitHub…</p>
<p class="notice" data-no-code hidden>GitHub sends you to this address after it has made the App. To connect the site’s repository, open the GitHub connection and press “${TITLE}”.</p>
<noscript><p class="notice">This step needs JavaScript. Turn it on for this site, then press “${TITLE}” again.</p></noscript>
<a class="button secondary" href="/admin/github/">Back to the GitHub connection</a>`,
    script: '/admin/github.js',
    styles: ['/admin/admin.css', '/admin/github.css'],
  });
}
