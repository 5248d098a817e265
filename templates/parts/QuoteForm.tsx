import type { HTMLInputTypeAttribute } from 'react';
import type { Site } from '../../generator/schema/index.js';
import { pageAddress } from '../../generator/contract/routes.js';
import type { Language } from '../../generator/contract/languages.js';
import { NEW_TAB, telUrl, whatsappNumber } from '../links.js';
import { formServices } from '../service-list.js';
import { PrivacyNote } from './PrivacyNote.js';
import { TURNSTILE_ORIGIN, turnstileSiteKey } from '../../generator/schema/site.js';
import { QUOTE_FIELD_LIMITS } from '../../generator/contract/quote-fields.js';

type Fields = Site['pages']['contact']['form']['fields'];
type FieldName = keyof Fields;

interface FieldSpec {
  name: FieldName;
  type: HTMLInputTypeAttribute | 'select' | 'textarea';
  required: boolean;
  autoComplete: string;
  wide?: boolean;
}

/** The form's fields in order, with their input types. */
const FIELDS: readonly FieldSpec[] = [
  { name: 'name', type: 'text', required: true, autoComplete: 'name' },
  { name: 'email', type: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', type: 'tel', required: true, autoComplete: 'tel' },
  { name: 'service', type: 'select', required: true, autoComplete: 'off' },
  { name: 'moveFrom', type: 'text', required: true, autoComplete: 'address-level2' },
  { name: 'moveTo', type: 'text', required: true, autoComplete: 'off' },
  { name: 'moveDate', type: 'date', required: false, autoComplete: 'off' },
  { name: 'message', type: 'textarea', required: false, autoComplete: 'off', wide: true },
];

/** A field's label as the WhatsApp fallback message writes it: without the required marker. */
function plainLabel(label: string): string {
  return label.replace(/\s*\*$/, '');
}

/**
 * The quote request form, wired for client/HOOKS.md. Without JavaScript it posts to the relay's
 * plain endpoint, which sends the visitor back to /contact/#quote-sent: `_next` names that page,
 * and `_captcha` false skips FormSubmit's own check page, which would otherwise come first. On a
 * host with the site's own Worker (`quoteEndpoint`) it posts there instead, both ways, and the
 * Worker answers a plain post with the same `_next`.
 */
export function QuoteForm({ site, siteUrl, language }: { site: Site; siteUrl: string; language: Language }) {
  const form = site.pages.contact.form;
  const settings = site.settings.form;
  const { contact } = site.settings;
  const services = formServices(site);
  const turnstileKey = turnstileSiteKey(settings);
  return (
    <>
      <p className="quote-sent" id="quote-sent">
        {form.success}
      </p>
      <form
        className="quote-form"
        action={settings.quoteEndpoint ?? settings.plainEndpoint}
        method="post"
        data-quote-form
        data-endpoint={settings.quoteEndpoint ?? settings.endpoint}
        data-subject-prefix={settings.subjectPrefix}
        data-timeout-ms={settings.timeoutSeconds * 1000}
      >
        <input type="hidden" name="subject" value={settings.subjectPrefix} data-subject />
        <input type="hidden" name="_subject" value={settings.subjectPrefix} data-subject />
        <input type="hidden" name="_next" value={`${siteUrl}${pageAddress('/contact', language)}#quote-sent`} />
        <input type="hidden" name="_captcha" value="false" />
        <input type="hidden" name="_template" value="table" />
        <input type="text" name="_honey" hidden tabIndex={-1} autoComplete="off" aria-hidden="true" data-honeypot />
        <div className="form-grid">
          {FIELDS.map((spec) => {
            const field = form.fields[spec.name];
            const id = `quote-${spec.name}`;
            const common = {
              id,
              name: spec.name,
              required: spec.required || undefined,
              autoComplete: spec.autoComplete,
              'data-label': plainLabel(field.label),
              'aria-describedby': field.help ? `${id}-help` : undefined,
            };
            return (
              <div className={spec.wide ? 'field field-wide' : 'field'} key={spec.name}>
                <label htmlFor={id}>{field.label}</label>
                {spec.type === 'select' ? (
                  <select {...common} defaultValue="">
                    <option value="">{form.selectPrompt}</option>
                    {services.map((service) => {
                      const label = service.formLabel ?? service.title;
                      return (
                        <option key={service.id} value={label} data-service={service.id}>
                          {label}
                        </option>
                      );
                    })}
                  </select>
                ) : spec.type === 'textarea' ? (
                  <textarea {...common} rows={4} placeholder={field.placeholder} maxLength={QUOTE_FIELD_LIMITS[spec.name]} />
                ) : (
                  <input
                    {...common}
                    type={spec.type}
                    placeholder={field.placeholder}
                    maxLength={spec.type === 'date' ? undefined : QUOTE_FIELD_LIMITS[spec.name]}
                  />
                )}
                {field.help && (
                  <p className="field-help" id={`${id}-help`}>
                    {field.help}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {turnstileKey && (
          <>
            {/* Turnstile's own script finds this box by its class, shows the check in it and adds its
                token to the form, so the page's script sends it with the rest; without JavaScript
                nothing shows and the Worker takes the request without a token. */}
            <div className="cf-turnstile" data-sitekey={turnstileKey} />
            <script src={`${TURNSTILE_ORIGIN}/turnstile/v0/api.js`} async defer />
          </>
        )}
        <button type="submit" className="button button-accent button-large submit" data-submit data-sending-label={form.sending}>
          <span className="spinner" data-spinner aria-hidden="true" hidden />
          <span data-submit-label>{form.submit}</span>
        </button>
        <div className="form-status" data-form-status role="status">
          <p className="notice notice-success" data-form-success hidden>
            {form.success}
          </p>
          <p className="notice notice-error" data-form-error hidden>
            {form.error}
          </p>
          <p className="notice notice-error" data-form-offline hidden>
            {form.offline}
          </p>
          <div className="notice notice-online" data-form-online hidden>
            <p>{form.backOnline}</p>
            <button type="button" className="button button-primary" data-form-resend>
              {form.resend}
            </button>
          </div>
          <div className="fallback" data-form-fallback hidden>
            <p>{form.fallback.text}</p>
            <div className="button-row">
              <a
                className="button button-whatsapp"
                href={`https://wa.me/${whatsappNumber(contact.whatsapp)}`}
                data-fallback-whatsapp
                data-greeting={form.fallback.greeting}
                {...NEW_TAB}
              >
                {form.fallback.whatsapp}
              </a>
              <a className="button button-outline" href={telUrl(contact.phone)}>
                {form.fallback.call}
              </a>
            </div>
          </div>
        </div>
        <PrivacyNote text={form.privacy} link={form.privacyLink} language={language} />
      </form>
    </>
  );
}
