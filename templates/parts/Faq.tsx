import type { Site } from '../../generator/schema/index.js';
import { Section } from './SectionHeading.js';
import { Paragraphs } from './Text.js';

type Faq = NonNullable<Site['pages']['contact']['faq']>;

/**
 * Questions and answers as <details>: every answer is in the HTML and opens without JavaScript;
 * a search engine reads the same pairs from the page's structured data.
 */
export function FaqSection({ faq }: { faq: Faq }) {
  return (
    <Section id="faq" heading={faq.heading}>
      <div className="faq">
        {faq.items.map((item) => (
          <details className="faq-item" id={`faq-${item.id}`} key={item.id}>
            <summary>{item.question}</summary>
            <Paragraphs text={item.answer} />
          </details>
        ))}
      </div>
    </Section>
  );
}
