import type { YAMLError } from 'yaml';
import type { Problem } from '../problems/problem.js';
import { ODD_SPACES, hasValue, indentOf, isContent, nextContent, previousContent, quoted, shapeOf, spaces } from './yaml-lines.js';

/**
 * The first YAML mistake of a file in plain words, at the line to fix: in go the file's lines (and
 * the parser's first error); out comes a Finding with the lines to blank out before looking again.
 */

const HINT =
  'check the indentation (spaces, not tabs) and that each "key: value" has a space after the colon; put text that contains ": " or " #" in quotes';

export interface Finding {
  line: number;
  column: number;
  length: number;
  message: string;
  hint: string;
  code?: Problem['code'];
  /** The lines (1-based, inclusive) to blank out before looking for the next mistake. */
  from: number;
  to: number;
  /** Nothing after this one can be trusted: stop looking. */
  last?: boolean;
  /** Blank only from..to: the lines after it are not its children (a tab's width is unknown). */
  alone?: boolean;
}

// ---- invisible characters ----

function nameOf(char: string): string {
  const code = char.codePointAt(0)!;
  if (char === '\t') return 'a tab';
  if (code === 0xa0 || code === 0x202f || code === 0x2007)
    return 'a non-breaking space (it comes with text pasted from WhatsApp, Word or a web page)';
  if ((code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff)
    return 'an invisible zero-width character (it comes with text pasted from a web page or a chat)';
  return `an unusual space character (U+${code.toString(16).toUpperCase().padStart(4, '0')}, from pasted text)`;
}

/** The first tab or look-alike space where YAML needs a plain space: indentation, after "key:" or "-". */
export function invisible(rows: readonly string[]): Finding | undefined {
  let blockIndent = -1;
  for (let n = 1; n <= rows.length; n++) {
    const row = rows[n - 1]!;
    if (blockIndent >= 0) {
      if (!isContent(row) || indentOf(row) > blockIndent) continue;
      blockIndent = -1;
    }
    if (!isContent(row)) continue;
    const lead = /^\s*/.exec(row)![0];
    const odd = /[\t\u00a0\u1680\u2000-\u200d\u202f\u205f\u2060\u3000\ufeff]/.exec(lead);
    if (odd) {
      const kind = odd[0];
      let to = n;
      while (to < rows.length && /^\s*/.exec(rows[to]!)![0].includes(kind) && isContent(rows[to]!)) to++;
      const others = to > n ? ` (and on ${to === n + 1 ? `line ${to}` : `lines ${n + 1} to ${to}`})` : '';
      const tab = kind === '\t';
      return {
        line: n,
        column: odd.index + 1,
        length: 1,
        message: tab
          ? `A tab is used for indentation here${others}; YAML only accepts spaces there.`
          : `This line is indented with ${nameOf(kind)}${others}. It looks like a space, but YAML only accepts ordinary spaces there.`,
        hint: tab
          ? 'replace the tab with spaces, lined up with the lines around it'
          : 'delete the spaces at the start of the line and type them again with the space bar',
        from: n,
        to,
        alone: true,
      };
    }
    const after =
      /^(\s*(?:-\s+)*)(?:-([^\S\n\t ]|[\u200b-\u200d\u2060\ufeff])|([^\s"'#][^:#]*?)(:)([^\S\t ]|[\u200b-\u200d\u2060\ufeff]))/.exec(row);
    if (after && (after[2] || after[5]) && ODD_SPACES.test(after[2] ?? after[5]!)) {
      const mark = after[2] ? '-' : `${after[3]!.trim()}:`;
      const column = after[1]!.length + (after[2] ? 1 : after[3]!.length + 1) + 1;
      return {
        line: n,
        column,
        length: 1,
        message: `After "${mark}" there is ${nameOf(after[2] ?? after[5]!)}. It looks like a space, but YAML needs an ordinary space there, so it cannot read this line.`,
        hint: `delete the space after "${mark}" and type it again with the space bar`,
        from: n,
        to: n,
        alone: true,
      };
    }
    const key = /^(\s*(?:-\s+)*)([^\s"'#][^:#]*?):(\s|$)/.exec(row);
    const hidden = key && /[\u200b-\u200d\u2060\ufeff]/.exec(key[2]!);
    if (key && hidden) {
      return {
        line: n,
        column: key[1]!.length + hidden.index + 1,
        length: 1,
        message: `The key "${key[2]!.replace(/[\u200b-\u200d\u2060\ufeff]/g, '')}" has ${nameOf(hidden[0])} in it, so the site would not recognise it.`,
        hint: 'delete the key and type it again',
        from: n,
        to: n,
        alone: true,
      };
    }
    if (/(^|\s)[|>][-+0-9]*\s*(#.*)?$/.test(row.replace(/^\s*(?:-\s+)*/, ' '))) blockIndent = indentOf(row);
  }
  return undefined;
}

// ---- the parser's first error, explained ----

export function explain(error: YAMLError, text: string, rows: readonly string[]): Finding {
  const offset = Math.min(error.pos[0], text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const row = rows[line - 1] ?? '';
  const said = error.message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/\.$/, '');
  const at = (n: number, col = indentOf(rows[n - 1] ?? '') + 1, length = Math.max(1, (rows[n - 1] ?? '').trim().length)) => ({
    line: n,
    column: col,
    length,
    from: n,
    to: n,
  });

  if (said.includes('Maximum call stack size exceeded')) {
    return {
      ...at(line, column, 1),
      code: 'too-complex',
      message: 'Lists or settings are nested so deeply here that the file cannot be read safely.',
      hint: 'content needs only a few levels of indentation: look for a long run of [, { or "- " from a paste gone wrong',
      last: true,
    };
  }

  const quote = error.code === 'MISSING_CHAR' ? /closing (["'])quote/.exec(said)?.[1] : undefined;
  if (quote) {
    const opened = unclosedQuote(rows, quote) ?? { line, column };
    return {
      ...at(opened.line, opened.column, 1),
      message: `This text opens a quote (${quote}) that is never closed, so everything after it is read as part of the text.`,
      hint: `add the closing ${quote} at the end of the text`,
    };
  }

  const flow = /^Flow (sequence|mapping)/.exec(said);
  if (flow) {
    const [open, close] = flow[1] === 'sequence' ? ['[', ']'] : ['{', '}'];
    for (let n = line; n >= 1; n--) {
      const index = rows[n - 1]!.lastIndexOf(open);
      if (index >= 0 && !rows[n - 1]!.includes(close, index)) {
        return {
          ...at(n, index + 1, 1),
          to: Math.max(n, line - 1),
          message: `This ${flow[1] === 'sequence' ? 'list' : 'group'} opens with ${open} but is never closed with ${close}.`,
          hint: `add ${close} at the end${flow[1] === 'sequence' ? ', or write the entries on their own lines, each starting with "- "' : ''}`,
        };
      }
    }
  }

  const shape = shapeOf(row);
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && said.startsWith('Nested mappings') && shape.key && /:\s/.test(shape.value)) {
    return {
      ...at(line, shape.at + shape.key.length + 3, shape.value.length),
      message: `The text after "${shape.key}:" contains ": ", which YAML reads as the start of another setting.`,
      hint: `put the text in quotes: ${shape.key}: "${shape.value.replace(/"/g, '\\"')}"`,
    };
  }

  // A line indented further than the one above it, which already has its value.
  const next = nextContent(rows, line);
  if (next !== undefined && ['BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY', 'MISSING_CHAR', 'BAD_INDENT'].includes(error.code)) {
    if (hasValue(shape) && indentOf(rows[next - 1]!) > shape.at && next === line + 1 + countBlank(rows, line)) {
      const above = shape.key ? `"${shape.key}:"` : quoted(row);
      return {
        ...at(next),
        length: Math.max(1, shapeOf(rows[next - 1]!).key?.length ?? rows[next - 1]!.trim().length),
        message: `This line is indented further than line ${line} above it (${above}), which already has its value, so YAML cannot tell where it belongs.`,
        hint: `line it up with ${above} (${spaces(shape.at)} from the left) if it sits beside it, or put it under a key that ends with ":"`,
      };
    }
  }

  if (error.code === 'MULTILINE_IMPLICIT_KEY' || (error.code === 'MISSING_CHAR' && said.includes('followed by map values'))) {
    const glued = /^([A-Za-z_][\w-]*):(\S.*)$/.exec(row.trim().replace(/^(-\s+)+/, ''));
    if (glued) {
      const col = row.indexOf(`${glued[1]}:`) + glued[1]!.length + 2;
      return {
        ...at(line, col, 1),
        message: `There is no space after the colon in "${glued[1]}:${glued[2]}", so YAML cannot tell the key from its value.`,
        hint: `type a space after the colon: ${glued[1]}: ${glued[2]}`,
      };
    }
    if (!shape.key) {
      const above = previousContent(rows, line);
      const aboveShape = above === undefined ? undefined : shapeOf(rows[above - 1]!);
      if (above !== undefined && aboveShape?.key && hasValue(aboveShape)) {
        return {
          ...at(line),
          message: `This line is not a "key: value" setting. If it goes on with the text of line ${above} ("${aboveShape.key}:"), YAML needs it indented further than that key.`,
          hint: `indent it by more than ${spaces(aboveShape.at)}, or join it to the end of line ${above}`,
        };
      }
      return {
        ...at(line),
        message: 'This line is not a "key: value" setting, and YAML cannot tell what it belongs to.',
        hint: 'write the key and ": " in front of it, or "- " if it is an entry of the list above',
      };
    }
  }

  if (
    said.startsWith('All mapping items must start at the same column') ||
    said.startsWith('All sequence items') ||
    said.startsWith('A block sequence may not be used')
  ) {
    const n = said.startsWith('A block sequence') ? line : line;
    const r = rows[n - 1]!;
    const own = indentOf(r);
    const prev = previousContent(rows, n);
    const prevRow = prev === undefined ? '' : rows[prev - 1]!;
    const isItem = /^\s*-(\s|$)/.test(r);
    if (prev !== undefined && indentOf(prevRow) === own && /^\s*-(\s|$)/.test(prevRow) !== isItem) {
      return {
        ...at(n),
        message: isItem
          ? `This line starts a list entry ("- "), but the lines above it at the same indentation are "key: value" settings.`
          : `This line is a "key: value" setting, but the lines above it at the same indentation are list entries (starting with "- ").`,
        hint: isItem
          ? 'indent the list under the key it belongs to'
          : 'start it with "- " if it is another entry, or indent it under the entry it belongs to',
      };
    }
    const parent = (() => {
      for (let m = n - 1; m >= 1; m--) if (isContent(rows[m - 1]!) && indentOf(rows[m - 1]!) < own) return m;
      return undefined;
    })();
    const sibling = parent === undefined ? undefined : nextContent(rows, parent);
    const options = [sibling, parent].filter((m): m is number => m !== undefined && m < n);
    return {
      ...at(n),
      message: `This line is indented by ${spaces(own)}, which lines it up with nothing above it${
        options.length > 0
          ? `: ${options.map((m) => `line ${m} (${quoted(rows[m - 1]!)}) is indented by ${spaces(indentOf(rows[m - 1]!))}`).join(', ')}`
          : ''
      }.`,
      hint:
        options.length > 0
          ? `indent it exactly like the line it goes with${options.length > 1 ? `: ${options.map((m) => spaces(indentOf(rows[m - 1]!))).join(' or ')}` : ''}`
          : HINT,
    };
  }

  if (error.code === 'BAD_SCALAR_START') {
    const char = /character (\S)/.exec(said)?.[1] ?? row[column - 1] ?? '';
    return {
      ...at(line, column, 1),
      message: `A value cannot start with "${char}" unless it is in quotes.`,
      hint: shape.key ? `put the text in quotes: ${shape.key}: "${shape.value.replace(/"/g, '\\"')}"` : 'put the text in quotes',
    };
  }

  if (error.code === 'UNEXPECTED_TOKEN' && said.includes('at node end') && /^["']/.test(shape.value)) {
    return {
      ...at(line, column, Math.max(1, row.length - column + 1)),
      message: 'Text goes on after the closing quote; YAML takes only the part in quotes as the value.',
      hint: shape.key
        ? `put the whole text in quotes, using ' outside when it contains ": ${shape.key}: '${shape.value.replace(/'/g, "''")}'`
        : 'put the whole text in quotes',
    };
  }

  const stray = /Unexpected [\w-]+ token in YAML stream: "(.+)"$/.exec(said);
  if (stray) {
    return {
      ...at(line, column, stray[1]!.length),
      message: `YAML does not expect "${stray[1]}" here.`,
      hint: `delete it, or put the text it belongs to in quotes`,
    };
  }

  return {
    ...at(line, column, 1),
    message: `YAML cannot read the file from here (it says: "${said}").`,
    hint: HINT,
  };
}

function countBlank(rows: readonly string[], line: number): number {
  let count = 0;
  for (let n = line + 1; n <= rows.length && !isContent(rows[n - 1]!); n++) count++;
  return count;
}

/** Where the quote that is never closed opens: the first one whose text runs to the end of the file. */
function unclosedQuote(rows: readonly string[], quote: string): { line: number; column: number } | undefined {
  let open: { line: number; column: number } | undefined;
  for (let n = 1; n <= rows.length; n++) {
    const row = rows[n - 1]!;
    let i = 0;
    if (!open) {
      const start = /^(\s*(?:-\s+)*(?:[^\s"'#][^:#]*?:\s+)?)(["'])/.exec(row);
      if (!start || start[2] !== quote) continue;
      open = { line: n, column: start[1]!.length + 1 };
      i = start[1]!.length + 1;
    }
    for (; i < row.length; i++) {
      if (quote === '"' && row[i] === '\\') i++;
      else if (row[i] === quote) {
        if (quote === "'" && row[i + 1] === "'") i++;
        else {
          open = undefined;
          break;
        }
      }
    }
  }
  return open;
}
