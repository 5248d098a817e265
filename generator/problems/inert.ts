/**
 * Characters that would act on a terminal or a CI log rather than be read there: C0 controls
 * (escape sequences, bell, line breaks that start a new log line), DEL, C1 controls, the Unicode
 * line and paragraph separators, and the bidirectional overrides that make text show in an
 * order other than it is written. Tab too: it only moves the cursor, but printed as it is, a stray
 * tab in a value cannot be told from spaces, and the message is there to show what was written.
 */
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` as it may be printed to a terminal or a CI log: every active character is shown as an
 * escape (\n, \x1B, \u2028), so a value from content can neither start a line of its own (where
 * GitHub Actions would run "::add-mask::…" as a command) nor move the cursor, recolour or retitle
 * the operator's terminal.
 */
export function inert(text: string): string {
  return text.replace(ACTIVE, (char) => NAMED[char] ?? escapeOf(char));
}

function escapeOf(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase()}`;
}
