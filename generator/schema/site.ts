import { z } from 'zod';
import { siteAddress, url, urlPattern, urlProblem } from './addresses.js';
import { email, id, longText, sameText, text, textList, uniqueBy } from './fields.js';
import { branchOffice, mainOffice } from './offices.js';
import { photo } from './photo.js';
import { gstin } from './gstin.js';
import { brand } from './brand.js';

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'linkedin', 'x'] as const;

/** Each network's name as visitors read it, for messages. */
const NETWORK_NAMES: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  x: 'X',
};

/** Where each network's pages live: a social link must stay on its own network. */
export const SOCIAL_HOSTS: Record<(typeof SOCIAL_NETWORKS)[number], readonly string[]> = {
  facebook: ['facebook.com'],
  instagram: ['instagram.com'],
  youtube: ['youtube.com'],
  linkedin: ['linkedin.com'],
  x: ['x.com', 'twitter.com'],
};

/**
 * A footer link to the company's page on a network. url() refuses unsafe schemes; this refuses
 * an address on another host than the entry's network, so a link labelled Facebook cannot lead
 * anywhere else. It runs even when a sibling field has a problem, so every problem shows at once.
 */
const socialEntry = z
  .strictObject({
    network: z
      .enum(SOCIAL_NETWORKS)
      .meta({ expected: 'a social network', hint: `one of: ${SOCIAL_NETWORKS.join(', ')} (x is the network once called Twitter)` }),
    label: sameText('The network name as visitors read it'),
    url: url({}, 'The company page; without one the network is not shown').optional(),
  })
  .superRefine(
    (entry, ctx) => {
      const hosts = Object.hasOwn(SOCIAL_HOSTS, entry.network) ? SOCIAL_HOSTS[entry.network] : undefined;
      if (!hosts || typeof entry.url !== 'string' || urlProblem(entry.url, {})) return;
      if (!urlProblem(entry.url, { hosts })) return;
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: `The address "${entry.url}" points at ${new URL(entry.url).hostname}, but ${withArticle(NETWORK_NAMES[entry.network])} link must lead to ${hosts.join(' or ')}.`,
        params: { problem: 'unsafe-url', hint: socialHint(entry.network) },
      });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .meta({
    // For editors: the same rule as JSON Schema conditions, one per network.
    allOf: SOCIAL_NETWORKS.map((network) => ({
      if: { properties: { network: { const: network } }, required: ['network'] },
      then: {
        properties: {
          url: { type: 'string', pattern: urlPattern({ hosts: SOCIAL_HOSTS[network] }), patternErrorMessage: `${socialHint(network)}.` },
        },
      },
    })),
  });

/** "a Facebook", "an Instagram", "an X". */
function withArticle(name: string): string {
  return `${/^[AEIOUX]/.test(name) ? 'an' : 'a'} ${name}`;
}

function socialHint(network: SocialNetwork): string {
  const hint = `${withArticle(NETWORK_NAMES[network])} link is an https:// address on ${SOCIAL_HOSTS[network].join(' or ')}`;
  return `${hint.charAt(0).toUpperCase()}${hint.slice(1)}, e.g. https://www.${SOCIAL_HOSTS[network][0]}/your-company`;
}

/** How many days a quote request is kept when form.keepDays is left out (worker/quotes/schedule.ts keeps the same). */
export const DEFAULT_KEEP_DAYS = 180;

/** FormSubmit's two addresses for one inbox: the AJAX one the page's script uses, and the plain one a form posts to. */
export function formSubmitEndpoints(recipient: string): { endpoint: string; plainEndpoint: string } {
  return { endpoint: `https://formsubmit.co/ajax/${recipient}`, plainEndpoint: `https://formsubmit.co/${recipient}` };
}

const RELAY_HINT =
  'write the quote email once as "recipient:"; only a relay other than FormSubmit needs "endpoint:" and "plainEndpoint:" instead';

/**
 * Where quote requests and newsletter sign-ups go. The usual case names one inbox (`recipient`)
 * and both FormSubmit addresses are derived from it, so they can never name different mailboxes;
 * another relay is given by both of its addresses instead. Either way the result carries both.
 */
const formSettings = z
  .strictObject({
    recipient: email('The email address that receives quote requests and newsletter sign-ups (through FormSubmit)').optional(),
    endpoint: url({}, 'Only for a relay other than FormSubmit: where the form sends from the page (its AJAX address)').optional(),
    plainEndpoint: url({}, 'Only for a relay other than FormSubmit: where the form posts when JavaScript is off').optional(),
    subjectPrefix: text('Starts the subject line of each quote email; the visitor’s name follows'),
    timeoutSeconds: z
      .number()
      .int()
      .min(5)
      .max(120)
      .meta({ expected: 'a number of seconds', hint: 'how long to wait for the relay before showing the error, e.g. 20' }),
    keepDays: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .optional()
      .meta({
        description: `On Cloudflare, how many days the site keeps each quote request for you in its inbox (/admin/) before deleting it; left out: ${DEFAULT_KEEP_DAYS}. The privacy page says the same number`,
        expected: 'a whole number of days',
        hint: 'e.g. 180, about a season of quotes and their follow-up questions',
      }),
    turnstileSiteKey: z
      .string()
      .regex(/^[0-9A-Za-z_-]{10,100}$/)
      .optional()
      .meta({
        description:
          'On Cloudflare, the site key of a Cloudflare Turnstile widget, which checks a person is sending the quote form; its secret key is the Worker secret TURNSTILE_SECRET, never written here. Left out: no such check',
        expected: 'a Turnstile site key: letters, digits, - and _',
        hint: 'copy the site key from the Turnstile page of the Cloudflare dashboard, e.g. 0x4AAAAAAABkMYinukE8nzYS',
      }),
  })
  .superRefine((form, ctx) => {
    const explicit = [form.endpoint, form.plainEndpoint].filter((address) => address !== undefined).length;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message, params: { problem: 'invalid-value', hint: RELAY_HINT } });
    if (form.recipient !== undefined && explicit > 0) {
      issue(
        form.endpoint !== undefined ? 'endpoint' : 'plainEndpoint',
        `The form has a recipient (${form.recipient}) and also a relay address of its own, so it is unclear which one receives the requests. Remove the relay address to use FormSubmit, or remove recipient to use another relay.`,
      );
    } else if (form.recipient === undefined && explicit === 0) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'The form says nowhere where quote requests go: add "recipient:" with the email address that should receive them.',
        params: { problem: 'missing-field', hint: 'for example: recipient: hello@example.com' },
      });
    } else if (explicit === 1) {
      issue(
        form.endpoint === undefined ? 'plainEndpoint' : 'endpoint',
        'Another relay needs both of its addresses, "endpoint:" (used from the page) and "plainEndpoint:" (used without JavaScript); only one is written.',
      );
    }
  })
  .transform(({ recipient, endpoint, plainEndpoint, ...rest }): typeof rest & RelayAddresses => ({
    ...rest,
    recipient,
    ...(recipient !== undefined ? formSubmitEndpoints(recipient) : { endpoint: endpoint!, plainEndpoint: plainEndpoint! }),
  }));

interface RelayAddresses {
  recipient: string | undefined;
  endpoint: string;
  plainEndpoint: string;
  /**
   * Never in content: a build for a host that runs the site's own Worker (generator/hosts.ts) sets
   * where the quote form posts, with and without JavaScript, in place of the relay's two addresses.
   */
  quoteEndpoint?: string;
  /** Set by the same builds: where the page's script sends its counts (client/counts.ts). */
  countEndpoint?: string;
}

/** Where Turnstile's widget script and its frame come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** The Turnstile site key the pages use: only on a host whose own Worker checks the token. */
export function turnstileSiteKey(form: { turnstileSiteKey?: string; quoteEndpoint?: string }): string | undefined {
  return form.quoteEndpoint ? form.turnstileSiteKey : undefined;
}

/** One thing a visitor may want settled before paying a deposit: insurance, payment, cancellation, claims. */
const businessFact = z.strictObject({
  id: id(undefined, 'insurance'),
  title: text('e.g. Transit insurance'),
  text: longText('What it means for the visitor, in plain words: what is covered, how to pay, how to claim'),
});

const business = z.strictObject({
  legalName: sameText('The name the company is registered under, e.g. Example Movers and Packers Private Limited').optional(),
  gstin: gstin().optional(),
  registeredAddress: sameText('The registered office as the registration certificate gives it').optional(),
  assurance: text(
    'One line under the home page title and on About, e.g. Licensed and insured: GST registered, transit insurance on every move',
  ).optional(),
  facts: z
    .array(businessFact)
    .min(1)
    .superRefine(uniqueBy('id', 'fact'))
    .optional()
    .meta({ description: 'Registration, insurance and what it covers, payment terms, cancellation, claims: shown on the About page' }),
});

export const siteSchema = z.strictObject({
  company: z.strictObject({
    name: sameText('The company name, shown in the header, footer and page titles'),
    textsWrittenFor: sameText(
      'Your company’s name, once every text of the site is true of your company. Until this matches the name above, texts still worded as the sample company’s are pointed out, and those about its story, services or promises keep the site from going live',
    ).optional(),
    tagline: text('One line that says what the company does'),
    description: longText('Two or three sentences about the company, used in the footer and for search engines'),
    foundedYear: z.number().int().min(1900).max(2100).meta({ expected: 'a year', hint: 'write the year as a plain number, e.g. 2008' }),
    areaServed: textList('The places the company moves people in and to, e.g. Kerala and India; search engines read them'),
  }),
  contact: mainOffice,
  offices: z.array(branchOffice).min(1).superRefine(uniqueBy('id', 'office')).optional().meta({
    description:
      'More offices beyond the one under contact: each shown with its own address, map and directions on the contact page and in the footer. Leave it out for a company with one office',
  }),
  brand: brand.optional(),
  social: z
    .array(socialEntry)
    .meta({ description: 'The company’s pages on social networks, shown as icons in the footer; an entry without url is left out' }),
  stats: z
    .array(z.strictObject({ id: id(undefined, 'happy-moves'), value: sameText('The figure, e.g. 5000+'), label: text() }))
    .min(1)
    .meta({ description: 'Marketing figures shown in the stats strips' }),
  form: formSettings,
  completeTranslations: z.boolean().optional().meta({
    description:
      'true: the deploy publishes nothing while a Malayalam text is not translated yet. Left out or false: such a text shows in English on the Malayalam pages until it is translated',
  }),
  seo: z.strictObject({
    siteUrl: siteAddress('The address the site is published at, e.g. https://www.example.com'),
    locale: z.enum(['en_IN']).meta({ expected: 'the locale en_IN' }),
    shareImageAlt: text(
      'Describes the picture shown when a page is shared (the share card, or the photo below): what it shows, in a sentence',
    ),
    shareImage: photo('A photo shown when a page is shared on WhatsApp or Facebook, in place of the drawn share card').optional(),
    httpsForSubdomains: z.boolean().optional().meta({
      description:
        'true: browsers that visit the site are told to reach every name under its address (shop.example.com under example.com) only over https:// for a year; set it only when every such name is served over https://. Left out or false: only the site’s own address. Sent where the host sends the _headers file (Cloudflare)',
    }),
  }),
  business: business
    .optional()
    .meta({ description: 'Who the company is by law, for visitors checking it is a real business; every field may be left out' }),
  reviews: z
    .strictObject({
      url: url({}, 'Where the reviews can be read, e.g. the company’s Google Business Profile'),
      label: text('The link’s words, e.g. Read all our reviews on Google'),
    })
    .optional()
    .meta({ description: 'Where the rating and review figures come from: a link shown beside them and the reviews' }),
});

export type SiteSettings = z.infer<typeof siteSchema>;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
