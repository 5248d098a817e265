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
