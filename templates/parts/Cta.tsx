import type { CallToAction } from '../../generator/schema/index.js';
import { telUrl } from '../links.js';
import { Icon } from './Icon.js';
import { LinkLabel, PhoneNumber } from './Text.js';

/** The closing call to action; `call` adds a telephone button showing the number. */
export function Cta({ cta, phone, id = 'cta' }: { cta: CallToAction; phone: string; id?: string }) {
  const titleId = `${id}-title`;
  return (
    <section className="cta-band" id={id} aria-labelledby={titleId}>
      <div className="container cta-inner">
        <h2 id={titleId}>{cta.title}</h2>
        <p className="lead">{cta.text}</p>
        <div className="button-row">
          <a className="button button-accent" href={cta.primary.href}>
            <LinkLabel link={cta.primary} />
          </a>
          {cta.secondary && (
            <a className="button button-ghost" href={cta.secondary.href}>
              <LinkLabel link={cta.secondary} />
            </a>
          )}
          {cta.call && (
            <a className="button button-ghost" href={telUrl(phone)}>
              <Icon name="phone" size={20} />
              <span>
                {cta.call.label} <PhoneNumber phone={phone} />
              </span>
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
