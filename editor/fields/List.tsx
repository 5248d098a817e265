import { startTransition, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { fieldId } from '../paths.js';
import type { ModelOf } from '../types.js';
import { useForm } from '../context.js';
import { newItem } from './blank.js';
import { Field } from './Field.js';
import { FieldNotes, LabelText, useFieldInfo } from './info.js';
import type { LeafProps } from './Leaf.js';
import { inSentence } from './in-sentence.js';

type Action = 'up' | 'down' | 'remove' | 'add';

/** A short name for an item, from its first text: "Service 2: Office/Commercial Moving". */
function itemSummary(value: unknown): string {
  if (typeof value === 'string') return '';
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  for (const key of ['title', 'name', 'label', 'question', 'id']) {
    const text = (value as Record<string, unknown>)[key];
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return '';
}

/** Entries of a file's own long list drawn with the form's first paint; the rest follow, one a frame. */
const FIRST_ENTRIES = 2;

/**
 * How many of a list's `count` entries to draw. A file's own list of groups (the services: some
 * 500 elements each) is drawn a few entries at first and then one more per frame, each as a
 * transition that typing interrupts, so the first field can be typed in before the last entry is
 * laid out on a slow phone. An address naming a field, a link to one, or an entry added draws
 * them all at once, so nothing is looked for before it is there.
 */
function useDrawnEntries(count: number, gradual: boolean): [number, () => void] {
  const [drawn, setDrawn] = useState(() =>
    gradual && !(typeof location !== 'undefined' && location.hash.startsWith('#field-')) ? FIRST_ENTRIES : Number.POSITIVE_INFINITY,
  );
  const all = () => flushSync(() => setDrawn(Number.POSITIVE_INFINITY));
  useEffect(() => {
    if (drawn >= count) return;
    let frame = requestAnimationFrame(function next() {
      frame = 0;
      // The frame that draws the entries so far comes first; the next entry is rendered after it.
      setTimeout(() => startTransition(() => setDrawn((now) => now + 1)), 0);
    });
    // A link to a field in an entry not drawn yet (a problem's, the list's own "jump to"): drawn first, then followed.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="#field-"]');
      if (link) flushSync(() => setDrawn(Number.POSITIVE_INFINITY));
    };
    document.addEventListener('click', onClick, true);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener('click', onClick, true);
    };
  }, [drawn, count]);
  return [Math.min(count, drawn), all];
}

/**
 * A list whose items can be added, removed and moved. Every action is a button, so the keyboard
 * does all of it; after a move the focus follows the item, so pressing the same button again keeps moving it.
 */
export function ListField({ model, path, value, onChange, label }: LeafProps<ModelOf<'list'>>) {
  const info = useFieldInfo(model, path);
  const form = useForm();
  const items = Array.isArray(value) ? value : [];
  // The server names one item ("Service"), or says "Ideal for: one entry" when the name has no singular.
  const entryOnly = /: one entry$/.test(model.item.label);
  const itemName = entryOnly
    ? model.item.label.replace(/: one entry$/, '')
    : model.item.label && model.item.label !== 'Item'
      ? model.item.label
      : singular(label);
  const nameOf = (index: number) => (entryOnly ? `${itemName}, entry ${index + 1}` : `${itemName} ${index + 1}`);
  const listRef = useRef<HTMLOListElement>(null);
  const [focus, setFocus] = useState<{ index: number; action: Action } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [drawn, drawAll] = useDrawnEntries(items.length, path.length === 1 && model.item.kind === 'group');

  useEffect(() => {
    if (!focus || !listRef.current) return;
    const list = listRef.current;
    const item = list.querySelector<HTMLElement>(`:scope > li[data-index="${focus.index}"]`);
    let target: HTMLElement | null | undefined;
    if (focus.action === 'add') target = item?.querySelector<HTMLElement>('input, textarea, select');
    else if (focus.action === 'remove')
      target =
        item?.querySelector<HTMLElement>('[data-action="remove"]') ??
        list.parentElement?.querySelector<HTMLElement>(':scope > [data-action="add"]');
    else
      target =
        item?.querySelector<HTMLElement>(`[data-action="${focus.action}"]:not(:disabled)`) ??
        item?.querySelector<HTMLElement>('[data-action]:not(:disabled)');
    target?.focus();
    setFocus(null);
  }, [focus]);

  const change = (next: unknown[], announce: string, nextFocus: { index: number; action: Action }) => {
    // The focus follows the entry, which may move into the part not drawn yet.
    drawAll();
    onChange(next);
    setAnnouncement(announce);
    setFocus(nextFocus);
  };
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    change(next, `${nameOf(from)} moved to place ${to + 1} of ${items.length}.`, { index: to, action: to < from ? 'up' : 'down' });
  };
  const remove = (index: number) => {
    const next = items.filter((_, at) => at !== index);
    change(next, `${nameOf(index)} removed; ${next.length} left.`, { index: Math.min(index, next.length - 1), action: 'remove' });
  };
  const add = () => {
    // In a translation, a new item names the English item it translates, so it stays with it.
    const next = [...items, newItem(model, items, form.englishOf(path))];
    change(next, `${nameOf(next.length - 1)} added at the end.`, { index: next.length - 1, action: 'add' });
  };
  const itemModel = { ...model.item, help: undefined };
  const atMax = model.maxItems !== undefined && items.length >= model.maxItems;
  const atMin = model.minItems !== undefined && items.length <= model.minItems;

  return (
    <fieldset className={`group list${info.missing ? ' is-missing' : ''}`} id={info.id} aria-describedby={info.describedBy}>
      <legend>
        <LabelText label={label} required={model.required} />
        <span className="count"> ({items.length})</span>
      </legend>
      <FieldNotes model={model} info={info} />
      {/* The help of one entry, said once for the list rather than under every entry. */}
      {model.item.help && model.item.help !== model.help ? <p className="help">Each entry: {model.item.help}</p> : null}
      {/* A long list of entries at the top of a file (the services) gets a way to jump to each. */}
      {path.length === 1 && model.item.kind === 'group' && items.length > 2 ? (
        <nav className="jump" aria-label={`Jump to one ${itemName.toLowerCase()}`}>
          <ul>
            {items.map((item, index) => (
              <li key={index}>
                <a href={`#${fieldId([...path, index])}`}>{itemSummary(item) || nameOf(index)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ol className="items" ref={listRef}>
        {items.slice(0, drawn).map((item, index) => {
          const name = nameOf(index);
          const summary = itemSummary(item);
          return (
            <li key={index} data-index={index} className="item">
              <Field
                model={itemModel}
                path={[...path, index]}
                value={item}
                label={summary ? `${name}: ${summary}` : name}
                onChange={(next) => onChange(items.map((old, at) => (at === index ? next : old)))}
              />
              <div className="item-actions">
                <button
                  type="button"
                  data-action="up"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={`Move ${name} up`}
                >
                  ↑ Up
                </button>
                <button
                  type="button"
                  data-action="down"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={`Move ${name} down`}
                >
                  ↓ Down
                </button>
                <button
                  type="button"
                  data-action="remove"
                  className="danger"
                  disabled={atMin}
                  onClick={() => remove(index)}
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" data-action="add" onClick={add} disabled={atMax}>
        {entryOnly ? `Add an entry to ${inSentence(itemName)}` : `Add ${inSentence(itemName)}`}
      </button>
      {atMax ? <p className="help">This list holds at most {model.maxItems}.</p> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}

/** "Services" → "Service", "Key features" → "Key feature": the name of one item when the model gives none. */
function singular(label: string): string {
  if (/ies$/i.test(label)) return label.replace(/ies$/i, 'y');
  if (/(ss|us)$/i.test(label)) return label;
  return label.replace(/s$/i, '') || 'Item';
}
