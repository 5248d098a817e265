import { useState, type ChangeEvent, type ClipboardEvent } from 'react';
import { parseRupees } from '../../generator/schema/rupees.js';
import { formatRupees } from '../../templates/format.js';
import { useForm } from '../context.js';
import type { Path } from '../paths.js';
import type { FieldModel, ModelOf } from '../types.js';
import { FieldNotes, LabelText, useFieldInfo, type FieldInfo } from './info.js';
import { pastedPosition } from './position.js';

export interface LeafProps<M extends FieldModel = FieldModel> {
  model: M;
  path: Path;
  value: unknown;
  onChange: (next: unknown) => void;
  /** Shown instead of the model's label (list items: "Step 2"). */
  label: string;
}

const INPUT_TYPES: Record<string, string> = { text: 'text', email: 'email', phone: 'tel', url: 'url', date: 'date' };

function ariaFor(info: FieldInfo, model: FieldModel) {
  return {
    id: info.id,
    'aria-describedby': info.describedBy,
    'aria-invalid': info.invalid || undefined,
    'aria-required': model.required || undefined,
  };
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** An emptied optional field is left out of the file rather than written as "". */
function textChange(model: FieldModel, onChange: (next: unknown) => void) {
  return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const text = event.target.value;
    onChange(text === '' && !model.required ? undefined : text);
  };
}

export function TextField({ model, path, value, onChange, label }: LeafProps) {
  const info = useFieldInfo(model, path);
  const { lang } = useForm();
  const common = {
    ...ariaFor(info, model),
    lang,
    placeholder: model.placeholder,
    value: asText(value),
    onChange: textChange(model, onChange),
  };
  const type = INPUT_TYPES[model.kind] ?? 'text';
  return (
    <div className={`field field-${model.kind}${info.missing ? ' is-missing' : ''}`}>
      <label htmlFor={info.id}>
        <LabelText label={label} required={model.required} />
      </label>
      {model.kind === 'longtext' ? (
        <textarea {...common} rows={Math.min(10, Math.max(3, Math.ceil(asText(value).length / 60)))} />
      ) : (
        <input
          {...common}
          type={type}
          value={model.kind === 'date' ? asText(value).slice(0, 10) : common.value}
          lang={model.kind === 'text' ? lang : undefined}
          inputMode={model.kind === 'phone' ? 'tel' : undefined}
          autoComplete="off"
        />
      )}
      <FieldNotes model={model} info={info} />
    </div>
  );
}

/**
 * A colour: the browser's colour picker beside its code, which can be typed or pasted. Both
 * change the same value; an emptied code leaves the colour out (the sample's stands in).
 */
export function ColourField({ model, path, value, onChange, label }: LeafProps) {
  const info = useFieldInfo(model, path);
  const text = asText(value);
  const picked = /^#[0-9a-fA-F]{6}$/.test(text) ? text.toLowerCase() : (model.placeholder ?? '#000000');
  return (
    <div className={`field field-colour${info.missing ? ' is-missing' : ''}`}>
      <label htmlFor={info.id}>
        <LabelText label={label} required={model.required} />
      </label>
      <div className="colour-row">
        <input
          type="color"
          value={picked}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label}: pick a colour`}
          data-colour-picker
        />
        <input
          {...ariaFor(info, model)}
          type="text"
          value={text}
          placeholder={model.placeholder}
          onChange={textChange(model, onChange)}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <FieldNotes model={model} info={info} />
    </div>
  );
}

export function BooleanField({ model, path, value, onChange, label }: LeafProps) {
  const info = useFieldInfo(model, path);
  return (
    <div className="field field-boolean">
      <input {...ariaFor(info, model)} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={info.id}>
        <LabelText label={label} required={false} />
      </label>
      <FieldNotes model={model} info={info} />
    </div>
  );
}

/**
 * A number as typed: empty leaves an optional field out; anything not a number is kept as text
 * for the check to report; a number keeps the digits typed (11.25880) for the file.
 */
function numberChange(model: FieldModel, path: Path, onChange: (next: unknown) => void, setTyped: (path: Path, text: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value.trim();
    if (text === '') return onChange(model.required ? '' : undefined);
    const number = Number(text);
    if (!Number.isFinite(number)) return onChange(text);
    setTyped(path, text);
    onChange(number);
  };
}

/** What a number box shows: the digits typed for its value, else the value. */
function numberText(value: unknown, typed: string | undefined): string {
  return typed !== undefined && typeof value === 'number' && Number(typed) === value ? typed : asText(value);
}

export interface NumberProps extends LeafProps<ModelOf<'number'>> {
  /** For one of a position's two numbers: fills both from a pasted pair ("10.01234, 76.29876"). */
  onPair?: (latitude: string, longitude: string) => void;
}

export function NumberField({ model, path, value, onChange, label, onPair }: NumberProps) {
  const info = useFieldInfo(model, path);
  const { typedNumber, setTypedNumber } = useForm();
  const [refused, setRefused] = useState<string | undefined>(undefined);
  // A number box drops what is not a digit from a paste without a word; a position's box says so instead.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = pastedPosition(event.clipboardData.getData('text/plain'), label);
    if (pasted.kind === 'number') return setRefused(undefined);
    event.preventDefault();
    if (pasted.kind === 'pair' && onPair) {
      setRefused(undefined);
      onPair(pasted.latitude, pasted.longitude);
    } else setRefused(pasted.kind === 'refused' ? pasted.message : `${label} takes one number: paste it alone.`);
  };
  const refusedId = `${info.id}-pasted`;
  const describedBy = refused ? [info.describedBy, refusedId].filter(Boolean).join(' ') : info.describedBy;
  return (
    <div className="field field-number">
      <label htmlFor={info.id}>
        <LabelText label={label} required={model.required} />
      </label>
      <input
        {...ariaFor(info, model)}
        type="number"
        min={model.min}
        max={model.max}
        step={model.step ?? 'any'}
        placeholder={model.placeholder}
        aria-describedby={describedBy}
        value={numberText(value, typedNumber(path))}
        onChange={(event) => {
          setRefused(undefined);
          numberChange(model, path, onChange, setTypedNumber)(event);
        }}
        onPaste={model.coordinate ? paste : undefined}
      />
      {refused ? (
        <p className="problems" id={refusedId} role="alert">
          {refused}
        </p>
      ) : null}
      <FieldNotes model={model} info={info} />
    </div>
  );
}

/** How the site shows a price: ₹8,999, ₹1,20,000 (Indian digit groups). */
export function rupees(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? formatRupees(value) : undefined;
}

/**
 * A price box takes what people type ("Rs. 12,999", "₹12,999", "1,25,000") as the number it
 * means; a text box, since a browser's number box would drop the letters and keep ".12999". What
 * it cannot read for sure stays text, and the check says so at the field before anything is saved.
 */
export function PriceField({ model, path, value, onChange, label }: LeafProps) {
  const info = useFieldInfo(model, path);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const shown = rupees(value);
  const text = typed !== undefined && (parseRupees(typed) === value || typed === value) ? typed : asText(value);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const now = event.target.value;
    setTyped(now);
    if (now.trim() === '') onChange(model.required ? '' : undefined);
    else onChange(parseRupees(now) ?? now);
  };
  return (
    <div className="field field-price">
      <label htmlFor={info.id}>
        <LabelText label={label} required={model.required} />
      </label>
      <div className="price-row">
        <span className="price-unit" aria-hidden="true">
          ₹
        </span>
        <input
          {...ariaFor(info, model)}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={model.placeholder}
          value={text}
          onChange={change}
        />
        <output htmlFor={info.id} className="price-preview" aria-live="polite">
          {shown ? `Shown as ${shown}` : 'Whole rupees, digits only'}
        </output>
      </div>
      <FieldNotes model={model} info={info} />
    </div>
  );
}

export function SelectField({ model, path, value, onChange, label }: LeafProps<ModelOf<'select'>>) {
  const info = useFieldInfo(model, path);
  const current = asText(value);
  const known = model.options.some((option) => option.value === current);
  const chosen = model.options.find((option) => option.value === current);
  const drawn = model.options.some((option) => option.svg);
  return (
    <div className={`field field-select${drawn ? ' field-icon' : ''}`}>
      <label htmlFor={info.id}>
        <LabelText label={label} required={model.required} />
      </label>
      <div className="select-row">
        {drawn ? (
          // The server draws the icon from the site's own icon set; it is markup, not script.
          <span className="icon-drawn" aria-hidden="true" dangerouslySetInnerHTML={{ __html: chosen?.svg ?? '' }} />
        ) : null}
        <select {...ariaFor(info, model)} value={current} onChange={textChange(model, onChange)}>
          {current === '' || !model.required ? <option value="">{model.required ? 'Choose one…' : '(none)'}</option> : null}
          {!known && current !== '' ? <option value={current}>{current} (not one of the choices)</option> : null}
          {model.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldNotes model={model} info={info} />
    </div>
  );
}
