import { Fragment } from 'react';

/**
 * A long word, such as an email address, that a narrow card may break only after its `@` and
 * its dots (a <wbr> there), never in the middle of a name: "bookings@" / "malabarrelocations.in".
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
