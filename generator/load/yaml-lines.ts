/** The lines of a YAML file as the syntax checks read them: indentation, content, a line's key and value. */

export const ODD_SPACES = /[\u00a0\u1680\u2000-\u200d\u202f\u205f\u2060\u3000\ufeff]/;

export function indentOf(row: string): number {
  return /^[ \t\u00a0\u2000-\u200b\u202f\u3000]*/.exec(row)![0].length;
}

export function isContent(row: string): boolean {
  return !/^\s*(#.*)?$/.test(row);
}

/** The row number (1-based) of the next line with content after `line`, if any. */
export function nextContent(rows: readonly string[], line: number): number | undefined {
  for (let n = line + 1; n <= rows.length; n++) if (isContent(rows[n - 1]!)) return n;
  return undefined;
}

export function previousContent(rows: readonly string[], line: number): number | undefined {
  for (let n = line - 1; n >= 1; n--) if (isContent(rows[n - 1]!)) return n;
  return undefined;
}

/** `to`, extended over the lines after it that are indented further than line `from`. */
export function withChildren(rows: readonly string[], from: number, to: number): number {
  const indent = indentOf(rows[from - 1] ?? '');
  let end = to;
  for (let n = to + 1; n <= rows.length; n++) {
    const row = rows[n - 1]!;
    if (!isContent(row)) continue;
    if (indentOf(row) <= indent) break;
    end = n;
  }
  return end;
}

/** The text with lines from..to replaced by spaces, so every other offset stays where it was. */
export function blank(text: string, from: number, to: number): string {
  const rows = text.split('\n');
  for (let n = from; n <= to && n <= rows.length; n++) rows[n - 1] = rows[n - 1]!.replace(/[^\r]/g, ' ');
  return rows.join('\n');
}

/** A line's shape: where its key starts (after any "- "), the key, and what follows the colon. */
export interface Shape {
  /** 0-based column of the key, or of the value of a "- value" item. */
  at: number;
  key?: string;
  value: string;
  item: boolean;
}

export function shapeOf(row: string): Shape {
  const code = row.replace(/\s+#.*$/, '');
  const lead = /^(\s*(?:-\s+)*)/.exec(code)![1]!;
  const rest = code.slice(lead.length);
  const item = lead.includes('-');
  const pair = /^([^\s"'#\-[{][^:#]*?|"[^"]*"|'[^']*'):(?:\s+(.*))?$/.exec(rest);
  if (pair) return { at: lead.length, key: pair[1]!.trim(), value: (pair[2] ?? '').trim(), item };
  return { at: item ? lead.trimEnd().length - 1 : lead.length, value: rest.trim(), item };
}

/** A line that has its value on it, so nothing may be indented under it. */
export function hasValue(shape: Shape): boolean {
  return shape.value !== '' && !/^[|>&!]/.test(shape.value);
}

export function quoted(row: string): string {
  const text = row.trim();
  return `"${text.length > 40 ? `${text.slice(0, 37)}…` : text}"`;
}

export function spaces(count: number): string {
  return `${count} space${count === 1 ? '' : 's'}`;
}
