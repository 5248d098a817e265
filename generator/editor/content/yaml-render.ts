import { Document, Scalar, parseDocument } from 'yaml';

/**
 * New YAML text for a value, as yaml-save.ts writes it into a file: in go a value and the
 * indentation (and, for a folded text, the old width) of the place it goes; out comes block YAML.
 */

function indentLines(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return text.replace(/^(?=.)/gm, pad);
}

/** `key: value` as block YAML, each line indented by `indent`, ending with a newline. */
export function renderPair(key: string, value: unknown, indent: number): string {
  const doc = new Document({ [key]: value });
  return indentLines(doc.toString({ lineWidth: 0 }), indent);
}

/** `- value` as block YAML with its dash at column `indent`, ending with a newline. */
export function renderItem(value: unknown, indent: number): string {
  const doc = new Document([value]);
  return indentLines(doc.toString({ lineWidth: 0 }), indent);
}

/**
 * A scalar as it is written after "key: " or "- " on a line indented by `indent`; a block text
 * (`>-`) is folded to the `width` its old text had, its lines indented two more.
 */
export function renderScalar(
  value: string | number | boolean | null,
  type: Scalar.Type | undefined,
  indent: number,
  width: number,
): string {
  const doc = new Document({ x: value });
  const node = doc.get('x', true) as Scalar;
  if (type) node.type = type;
  const lineWidth = width > 0 ? Math.max(20, width - indent) : 0;
  const text = doc.toString({ lineWidth, minContentWidth: 0 }).slice('x: '.length);
  const block = /^[|>]/.test(text);
  const body = block ? text : text.replace(/\n$/, '');
  const [head = '', ...rest] = body.split('\n');
  return [head, ...rest.map((line) => (line === '' ? line : ' '.repeat(indent) + line))].join('\n');
}

/**
 * A folded text (`>-`) holding `next`, keeping every line of the old text that still reads the
 * same at its start and at its end, and folding only the lines in between to the old width; so
 * a word changed in a paragraph changes its own line or two, not the whole paragraph. Only for
 * one plain paragraph; undefined otherwise (yaml's own folding then writes it).
 */
export function refold(old: string, next: string): string | undefined {
  const [header = '', ...rest] = old.split('\n');
  const trailing = rest.at(-1) === '' ? rest.pop() : undefined;
  if (!/^>-\s*$/.test(header) || rest.length === 0 || trailing === undefined) return undefined;
  const indent = /^ */.exec(rest[0]!)![0];
  const lines = rest.map((line) => line.slice(indent.length));
  const plain = (text: string) => text !== '' && !/^\s|\s$|\s\s|\n/.test(text);
  if (!rest.every((line) => line.startsWith(indent)) || !lines.every(plain) || !plain(next)) return undefined;
  const width = Math.max(80, widestLine(rest.join('\n')));
  let head = 0;
  let prefix = '';
  while (head < lines.length && next.startsWith(`${prefix}${lines[head]!} `)) prefix += `${lines[head++]!} `;
  let tail = 0;
  let suffix = '';
  while (tail < lines.length - head && next.slice(prefix.length).endsWith(` ${lines[lines.length - 1 - tail]!}${suffix}`)) {
    suffix = ` ${lines[lines.length - 1 - tail]!}${suffix}`;
    tail++;
  }
  const middle = next.slice(prefix.length, next.length - suffix.length).trim();
  const folded: string[] = [];
  for (const word of middle === '' ? [] : middle.split(' ')) {
    const last = folded.length - 1;
    if (last >= 0 && indent.length + folded[last]!.length + 1 + word.length <= width) folded[last] += ` ${word}`;
    else folded.push(word);
  }
  const kept = [...lines.slice(0, head), ...folded, ...lines.slice(lines.length - tail)];
  const text = `${header}\n${kept.map((line) => indent + line).join('\n')}\n`;
  // A word such as "#" or ": " at the start of a line reads differently: then yaml folds it.
  const check = parseDocument(`x: ${text}`, { keepSourceTokens: false });
  return check.errors.length === 0 && check.get('x') === next ? text : undefined;
}

export function widestLine(text: string): number {
  return Math.max(0, ...text.split('\n').map((line) => line.length));
}
