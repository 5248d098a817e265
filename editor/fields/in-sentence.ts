/**
 * A field's label inside a sentence ("Add opening hours"): lower case, but a word written in
 * capitals stays so, as "Remove FAQ" reads and "Remove faq" does not.
 */
export function inSentence(label: string): string {
  return label
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}
