/**
 * The stand-in's GitHub Apps: the one a test starts it with, and those made through the manifest
 * flow (a manifest posted to the web stand-in, web.ts, becomes a one-hour code; the code, exchanged
 * once at POST /app-manifests/{code}/conversions, becomes an App with a new key pair). Each App has
 * its own installation on the repository, there or not.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export interface StandinApp {
  id: number;
  slug: string;
  publicKey: KeyObject | string;
  installationId: number;
  installed: boolean;
}

/** A made App, as its maker sees it: with its manifest, its account and the private key GitHub handed out. */
export interface MadeApp extends StandinApp {
  manifest: Manifest;
  account: string;
  privateKey: string;
}

/** The manifest's fields GitHub documents ("Registering a GitHub App from a manifest"). */
export interface Manifest {
  name?: string;
  url: string;
  hook_attributes?: { url: string; active?: boolean };
  redirect_url?: string;
  callback_urls?: string[];
  setup_url?: string;
  description?: string;
  public?: boolean;
  default_events?: string[];
  default_permissions?: Record<string, string>;
  request_oauth_on_install?: boolean;
  setup_on_update?: boolean;
}

const FIELDS: Record<keyof Manifest, string> = {
  name: 'string',
  url: 'string',
  hook_attributes: 'object',
  redirect_url: 'string',
  callback_urls: 'array',
  setup_url: 'string',
  description: 'string',
  public: 'boolean',
  default_events: 'array',
  default_permissions: 'object',
  request_oauth_on_install: 'boolean',
  setup_on_update: 'boolean',
};
const LEVELS = new Set(['read', 'write', 'admin']);
const CODE_LIFETIME = 60 * 60 * 1000;

/** What GitHub's documentation says a manifest may hold, as violations. */
export function manifestViolations(manifest: unknown): string[] {
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) return ['the manifest is not a JSON object'];
  const given = manifest as Record<string, unknown>;
  const violations: string[] = [];
  for (const [field, value] of Object.entries(given)) {
    const type = FIELDS[field as keyof Manifest];
    if (!type) violations.push(`the manifest's ${field} is not a field GitHub documents`);
    else if ((type === 'array' ? Array.isArray(value) : typeof value === type && !Array.isArray(value)) === false)
      violations.push(`the manifest's ${field} must be ${type === 'array' ? 'an array' : `a ${type}`}`);
  }
  if (typeof given.url !== 'string' || !URL.canParse(given.url)) violations.push('the manifest needs url, the App’s homepage');
  const hook = given.hook_attributes as Manifest['hook_attributes'];
  if (hook && (typeof hook.url !== 'string' || !URL.canParse(hook.url))) violations.push('hook_attributes needs url');
  for (const field of ['redirect_url', 'setup_url'] as const)
    if (typeof given[field] === 'string' && !URL.canParse(given[field] as string))
      violations.push(`the manifest's ${field} is not a full URL`);
  for (const [name, level] of Object.entries((given.default_permissions as Record<string, unknown>) ?? {}))
    if (!LEVELS.has(level as string)) violations.push(`default_permissions.${name} is ${String(level)}, not read, write or admin`);
  if (typeof given.name === 'string' && given.name.length > 34) violations.push('the App’s name is longer than 34 characters');
  return violations;
}

export class StandinApps {
  readonly made: MadeApp[] = [];
  private readonly codes = new Map<string, { manifest: Manifest; account: string; at: number }>();

  constructor(readonly first: StandinApp) {}

  all(): StandinApp[] {
    return [this.first, ...this.made];
  }

  /** The App a JWT says it is from (its iss), unchecked: the signature is checked with that App's key. */
  forJwt(jwt: string): StandinApp {
    try {
      const { iss } = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
      return this.all().find((app) => String(app.id) === String(iss)) ?? this.first;
    } catch {
      return this.first;
    }
  }

  bySlug(slug: string): StandinApp | undefined {
    return this.all().find((app) => app.slug === slug);
  }

  /** The code GitHub sends back to the manifest's redirect_url once the App is made. */
  newCode(manifest: Manifest, account: string, now = Date.now()): string {
    const code = randomBytes(20).toString('hex');
    this.codes.set(code, { manifest, account, at: now });
    return code;
  }

  /** Makes the code a code GitHub no longer takes. */
  expireCodes(): void {
    for (const pending of this.codes.values()) pending.at = 0;
  }

  /** The App for a code, once and within the hour; undefined as GitHub answers 404. */
  convert(code: string, now = Date.now()): MadeApp | undefined {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || now - pending.at > CODE_LIFETIME) return undefined;
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = 900_000 + this.made.length + 1;
    const name = pending.manifest.name ?? `app-${id}`;
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const app: MadeApp = {
      id,
      // GitHub asks for another name when one is taken; the stand-in numbers it instead.
      slug: this.bySlug(slug) ? `${slug}-${id}` : slug,
      publicKey,
      installationId: 7_000 + this.made.length + 1,
      installed: false,
      manifest: pending.manifest,
      account: pending.account,
      // GitHub hands the key out as PKCS#1 PEM.
      privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    };
    this.made.push(app);
    return app;
  }
}
