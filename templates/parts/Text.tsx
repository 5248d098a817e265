import { Fragment } from 'react';

/** Lets a long name such as "Office/Commercial Moving" wrap after the slash on narrow screens. */
export function BreakAfterSlashes({ text }: { text: string }) {
  return text.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

/**
 * A link's words: the visible label, then any `more` words only screen readers and search
 * engines get, so that a label such as "Read More" still says where it leads.
 */
export function LinkLabel({ link }: { link: { label: string; more?: string } }) {
  return (
    <>
      {link.label}
      {link.more && <span className="visually-hidden"> {link.more}</span>}
    </>
  );
}

/** A phone number as visitors read it, kept on one line: a number split over two lines is misread. */
export function PhoneNumber({ phone }: { phone: string }) {
  return <span className="nowrap">{phone}</span>;
}

/**
 * Text an owner wrote in paragraphs, a blank line between them (as the editor's box lets them type
 * it), as one paragraph each: HTML would run them together.
 */
export function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => <p key={index}>{paragraph}</p>);
}
