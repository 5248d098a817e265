// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { initQuoteForm } from '../../../client/quote-form.js';
import { FORM_ENDPOINT, builtSite, hook, loadPage } from './client-page.js';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type FetchStub = Mock<(url: string, init: RequestInit) => Promise<Response>>;

const SUCCESS = "Thank you! We'll contact you within 24 hours with your free quote.";
const ERROR = 'Sorry, something went wrong. Please try again or contact us directly.';

/** What a visitor types, by the label they read. */
const ANSWERS: Record<string, string> = {
  'Full Name *': 'Anu Thomas',
  'Email Address *': 'anu.thomas@example.in',
  'Phone Number *': '+91 98470 12345',
  'Service Required *': 'Office / Commercial Moving',
  'Moving From *': 'Kakkanad, Kochi',
  'Moving To *': 'Thiruvananthapuram',
  'Moving Date': '2026-12-05',
  'Additional Details': 'Third floor, no lift & a piano #fragile',
};

/** The form field a label names, the way a person finds it. */
function field(labelText: string): Control {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === labelText);
  if (!label) throw new Error(`No label "${labelText}" on the page`);
  const control = document.getElementById(label.htmlFor);
  if (!control) throw new Error(`The label "${labelText}" points at nothing`);
  return control as Control;
}

function fillIn(answers: Record<string, string> = ANSWERS): void {
  for (const [label, value] of Object.entries(answers)) field(label).value = value;
}

const form = () => hook<HTMLFormElement>('data-quote-form');
const submitButton = () => hook<HTMLButtonElement>('data-submit');
const successMessage = () => hook('data-form-success');
const errorMessage = () => hook('data-form-error');
const visible = (element: HTMLElement) => !element.hidden && !element.closest('[hidden]');

/** What the visitor sees of the form's state. */
function formState() {
  return {
    buttonDisabled: submitButton().disabled,
    buttonLabel: submitButton().textContent?.trim(),
    spinner: visible(hook('data-spinner')),
    busy: form().getAttribute('aria-busy'),
    success: visible(successMessage()),
    error: visible(errorMessage()),
  };
}

const IDLE = { buttonDisabled: false, buttonLabel: 'Get Free Quote', spinner: false, busy: null, success: false, error: false };
const SENDING = { buttonDisabled: true, buttonLabel: 'Sending...', spinner: true, busy: 'true', success: false, error: false };

function submit(): void {
  submitButton().click();
}

/**
 * Lets the next frame be painted (the request starts after it) and pending promise callbacks (the
 * fake fetch, reading the answer) run.
 */
async function settle(): Promise<void> {
  vi.advanceTimersToNextFrame();
  // A timer set while the fake clock runs others fires a millisecond later at the soonest.
  await vi.advanceTimersByTimeAsync(1);
}

function answer(body: string, status = 200): Promise<Response> {
  return Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
}

/** A fetch that never answers until the request is aborted. */
function hangingFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
  });
}

let fetchStub: FetchStub;
let consoleError: Mock;
let stop: () => void = () => undefined;

beforeEach(async () => {
  // Each test is a new visitor's tab: no draft, nor a request's mark, left by the one before.
  sessionStorage.clear();
  await loadPage('contact/index.html');
  vi.useFakeTimers();
  fetchStub = vi.fn(() => answer('{"success":"true","message":"The form was submitted successfully."}'));
  vi.stubGlobal('fetch', fetchStub);
  consoleError = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(consoleError);
  stop = initQuoteForm(document);
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the page as rendered', () => {
  test('shows the form idle, with both messages hidden, and none of its own scripts ran', () => {
    // The client gives the WhatsApp link its button role; without it, no page script ran.
    expect(document.querySelector('[data-whatsapp-toggle]')?.getAttribute('role')).toBeNull();
    expect(formState()).toEqual(IDLE);
    expect(successMessage().textContent?.trim()).toBe(SUCCESS);
    expect(errorMessage().textContent?.trim()).toBe(ERROR);
    expect(successMessage().closest('[role="status"]')).toBe(errorMessage().closest('[role="status"]'));
    expect(successMessage().closest('[role="status"]')).not.toBeNull();
  });
});

describe('sending', () => {
  test('posts every field and the subject (as subject and _subject) as multipart form data to the relay, asking for JSON', async () => {
    fillIn();
    submit();
    await settle();

    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(FORM_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    const sent = [...(init.body as FormData).entries()].sort(([a], [b]) => a.localeCompare(b));
    expect(sent).toEqual(
      [
        ['name', 'Anu Thomas'],
        ['email', 'anu.thomas@example.in'],
        ['phone', '+91 98470 12345'],
        ['service', 'Office / Commercial Moving'],
        ['moveFrom', 'Kakkanad, Kochi'],
        ['moveTo', 'Thiruvananthapuram'],
        ['moveDate', '2026-12-05'],
        ['message', 'Third floor, no lift & a piano #fragile'],
        ['subject', 'New Moving Quote Request - Anu Thomas'],
        // FormSubmit titles the email with _subject and lays it out with _template.
        ['_subject', 'New Moving Quote Request - Anu Thomas'],
        ['_captcha', 'false'],
        ['_template', 'table'],
      ].sort(([a], [b]) => a!.localeCompare(b!)),
    );
    // The browser writes the multipart Content-Type with its boundary; setting it by hand would break it.
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
  });

  test('to the site’s own Worker, a request sent again after its answer was lost carries the same mark, and the next request another', async () => {
    form().dataset.endpoint = '/api/quote';
    const marks = () => fetchStub.mock.calls.map(([, init]) => (init.body as FormData).get('_request'));
    fetchStub.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    fillIn();
    submit();
    await settle();
    expect(formState().error).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    submit();
    await settle();
    expect(formState().success).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    fillIn();
    submit();
    await settle();
    const [first, again, next] = marks();
    expect(first).toMatch(/^[a-z0-9]{6,}$/);
    expect(again).toBe(first);
    expect(next).toMatch(/^[a-z0-9]{6,}$/);
    expect(next).not.toBe(first);
  });

  test('the page does not navigate away: the submit is handled in place', () => {
    const defaultPrevented: boolean[] = [];
    document.addEventListener('submit', (event) => defaultPrevented.push(event.defaultPrevented));
    fillIn();
    submit();
    expect(defaultPrevented).toEqual([true]);
  });

  test('while sending, the button is disabled and reads "Sending..." with the spinner, and the form is busy', async () => {
    fetchStub.mockImplementation(hangingFetch);
    fillIn();
    submit();
    await settle();
    expect(formState()).toEqual(SENDING);
  });

  test('"Sending..." is shown before the request starts, which waits for the next frame', async () => {
    fillIn();
    submit();
    expect(formState()).toEqual(SENDING);
    expect(fetchStub).not.toHaveBeenCalled();
    await settle();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  test('a page that paints no frame, hidden as the visitor switches away, still sends within 100 ms', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    fillIn();
    submit();
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchStub).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  test('a second submit while sending sends nothing more', async () => {
    fetchStub.mockImplementation(hangingFetch);
    fillIn();
    submit();
    await settle();
    submit();
    form().requestSubmit();
    form().dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  test('the browser required checks come first: an incomplete form sends nothing', async () => {
    const { ['Moving To *']: _left, ...incomplete } = ANSWERS;
    fillIn(incomplete);
    submit();
    await settle();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(formState()).toEqual(IDLE);
  });

  test('a filled honeypot looks like success to the bot but sends nothing', async () => {
    fillIn();
    hook<HTMLInputElement>('data-honeypot', form()).value = 'http://spam.example';
    submit();
    await settle();
    expect(fetchStub).not.toHaveBeenCalled();
    expect(formState()).toEqual({ ...IDLE, success: true });
    expect(field('Full Name *').value).toBe('');
  });
});

describe('success', () => {
  test('clears the form and shows the thank-you message for exactly 5 seconds', async () => {
    fillIn();
    submit();
    await settle();

    expect(formState()).toEqual({ ...IDLE, success: true });
    for (const label of Object.keys(ANSWERS)) expect(field(label).value, label).toBe('');
    expect(consoleError).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(4999);
    expect(visible(successMessage())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(visible(successMessage())).toBe(false);
    expect(formState()).toEqual(IDLE);
  });

  test('an ok answer that is not JSON counts as success', async () => {
    fetchStub.mockImplementation(() => Promise.resolve(new Response('<html>Thanks</html>', { status: 200 })));
    fillIn();
    submit();
    await settle();
    expect(formState()).toEqual({ ...IDLE, success: true });
  });

  test('a new submit hides the previous thank-you message at once, and the new one gets its full 5 seconds', async () => {
    fillIn();
    submit();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    expect(visible(successMessage())).toBe(true);

    let release: (response: Response) => void = () => undefined;
    fetchStub.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    fillIn();
    submit();
    expect(formState()).toEqual(SENDING);
    await settle();

    release(new Response('{"success":"true"}', { status: 200 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(visible(successMessage())).toBe(true);
    // Where the first message's 5 seconds would have run out.
    await vi.advanceTimersByTimeAsync(2000);
    expect(visible(successMessage())).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(visible(successMessage())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(visible(successMessage())).toBe(false);
  });
});

describe('errors', () => {
  const failures: [string, () => Promise<Response>][] = [
    ['a server error (500)', () => answer('{"success":false}', 500)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an ok answer refusing the form with success "false"', () => answer('{"success":"false","message":"This form needs Activation."}')],
    ['an ok answer refusing the form with success false', () => answer('{"success":false,"message":"This form needs Activation."}')],
  ];

  test.each(failures)('%s shows the error, keeps every value and logs the cause', async (_, reply) => {
    fetchStub.mockImplementation(reply);
    fillIn();
    submit();
    await settle();

    expect(formState()).toEqual({ ...IDLE, error: true });
    for (const [label, value] of Object.entries(ANSWERS)) expect(field(label).value, label).toBe(value);
    expect(consoleError).toHaveBeenCalledTimes(1);

    // The error stays: no timer takes it away.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(visible(errorMessage())).toBe(true);
  });

  test('a relay that does not answer in time is aborted and shows the error', async () => {
    const { site } = await builtSite();
    const timeoutMs = site.settings.form.timeoutSeconds * 1000;
    fetchStub.mockImplementation(hangingFetch);
    fillIn();
    submit();
    await settle();

    await vi.advanceTimersByTimeAsync(timeoutMs - 1);
    expect(formState()).toEqual(SENDING);
    const signal = fetchStub.mock.calls[0]![1].signal!;
    expect(signal.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    expect(formState()).toEqual({ ...IDLE, error: true });
    expect(field('Full Name *').value).toBe('Anu Thomas');
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  test('the next submit clears the error, and a success then replaces it', async () => {
    fetchStub.mockImplementation(() => answer('', 500));
    fillIn();
    submit();
    await settle();
    expect(visible(errorMessage())).toBe(true);

    let release: (response: Response) => void = () => undefined;
    fetchStub.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    submit();
    await settle();
    expect(formState()).toEqual(SENDING);

    release(new Response('{"success":"true"}', { status: 200 }));
    await settle();
    expect(formState()).toEqual({ ...IDLE, success: true });
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });
});
