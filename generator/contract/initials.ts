/**
 * The initials a review shows for its writer when it has no photo: the first letter of the first
 * and of the last word of the name ("Arun Prakash" → "AP", "Fathima" → "F"), in capitals.
 * Words that are only an initial and a dot ("K.") count like any other word.
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s\-]+/)
    .map((word) => /\p{L}/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  if (words.length === 0) return '';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.join('').toLocaleUpperCase('en');
}

/**
 * Whether initials written by hand can be this name's: each letter starts one of its words, in
 * order ("AM" cannot be "Arun Prakash"; "APN" can be "Arun Prakash Nair").
 */
export function initialsFit(initials: string, name: string): boolean {
  const starts = name
    .split(/[\s\-]+/)
    .map((word) => /\p{L}/u.exec(word)?.[0]?.toLocaleUpperCase('en'))
    .filter(Boolean);
  let at = 0;
  for (const letter of initials.toLocaleUpperCase('en')) {
    while (at < starts.length && starts[at] !== letter) at += 1;
    if (at === starts.length) return false;
    at += 1;
  }
  return true;
}
