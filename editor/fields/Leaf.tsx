import type { ChangeEvent } from 'react';
import { formatRupees } from '../../templates/format.js';
import { useForm } from '../context.js';
import type { Path } from '../paths.js';
import type { FieldModel, ModelOf } from '../types.js';
import { FieldNotes, LabelText, useFieldInfo, type FieldInfo } from './info.js';

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
  const common = { ...ariaFor(info, model), lang, placeholder: model.placeholder, value: asText(value), onChange: textChange(model, onChange) };
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
        <input type="color" value={picked} onChange={(event) => onChange(event.target.value)} aria-label={`${label}: pick a colour`} data-colour-picker />
        <input {...ariaFor(info, model)} type="text" value={text} placeholder={model.placeholder} onChange={textChange(model, onChange)} spellCheck={false} autoComplete="off" />
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

/** A number as typed: empty leaves an optional field out; anything not a number is kept as text for the check to report. */
function numberChange(model: FieldModel, onChange: (next: unknown) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value.trim();
    if (text === '') onChange(model.required ? '' : undefined);
    else onChange(Number.isFinite(Number(text)) ? Number(text) : text);
  };
}

export function NumberField({ model, path, value, onChange, label }: LeafProps<ModelOf<'number'>>) {
  const info = useFieldInfo(model, path);
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
        value={asText(value)}
        onChange={numberChange(model, onChange)}
      />
      <FieldNotes model={model} info={info} />
    </div>
  );
}

/** How the site shows a price: ₹8,999, ₹1,20,000 (Indian digit groups). */
export function rupees(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? formatRupees(value) : undefined;
}

export function PriceField({ model, path, value, onChange, label }: LeafProps) {
  const info = useFieldInfo(model, path);
  const shown = rupees(value);
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
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder={model.placeholder}
          value={asText(value)}
          onChange={numberChange(model, onChange)}
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
