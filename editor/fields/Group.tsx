import { Fragment, useState } from 'react';
import { fieldId, getIn, withKey, type Path } from '../paths.js';
import type { ModelOf } from '../types.js';
import { blank } from './blank.js';
import { useForm } from '../context.js';
import { followsMainHours, mainOfficeStart, officeAt, withMainHours } from './main-office.js';
import { Field } from './Field.js';
import { FieldNotes, LabelText, useFieldInfo } from './info.js';
import type { LeafProps } from './Leaf.js';
import { inSentence } from './in-sentence.js';

/** Nested fields as a fieldset; an optional group that is not in the file can be added, and taken out again. */
export function GroupField({ model, path, value, onChange, label }: LeafProps<ModelOf<'group'>>) {
  const info = useFieldInfo(model, path);
  const form = useForm();
  const present = value !== undefined && value !== null;
  const root = path.length === 0;
  // An office's own hours start from the main office's; a translation names no hours of its own to copy.
  const start = () => (form.english === undefined ? mainOfficeStart(path, form.root) : undefined) ?? blank(model);
  // An office's hours, where they start in its form, can be the main office's in one press.
  const hoursHere = present && officeAt(path) !== undefined && form.english === undefined;
  const onPair = present ? positionPaste(model, path, value, onChange, form.setTypedNumber) : undefined;
  const fields = present
    ? model.fields.map((field) => (
        <Fragment key={field.key}>
          {hoursHere && field.key === 'hours' ? <MainHours office={value} root={form.root} onChange={onChange} /> : null}
          <Field
            model={field}
            path={[...path, field.key]}
            value={(value as Record<string, unknown>)[field.key]}
            onChange={(next) => onChange(withKey(value, field.key, next))}
            onPair={field.kind === 'number' && field.coordinate ? onPair : undefined}
          />
        </Fragment>
      ))
    : null;
  if (root) return <div className="fields">{fields}</div>;
  return (
    <fieldset
      className={`group${info.missing ? ' is-missing' : ''}${present ? '' : ' is-absent'}`}
      id={info.id}
      aria-describedby={info.describedBy}
    >
      <legend>
        <LabelText label={label} required={model.required} />
      </legend>
      <FieldNotes model={model} info={info} />
      {fields}
      {!model.required ? (
        present ? (
          <button type="button" className="quiet" onClick={() => onChange(undefined)}>
            Remove {inSentence(label)}
          </button>
        ) : (
          <button type="button" onClick={() => onChange(start())}>
            Add {inSentence(label)}
          </button>
        )
      ) : null}
    </fieldset>
  );
}

/**
 * For a group holding a position's latitude and longitude: a pair pasted into either fills both
 * at once, with the digits as pasted. Any other group has none.
 */
function positionPaste(
  model: ModelOf<'group'>,
  path: Path,
  value: unknown,
  onChange: (next: unknown) => void,
  setTypedNumber: (path: Path, text: string) => void,
): ((latitude: string, longitude: string) => void) | undefined {
  const keyOf = (which: 'latitude' | 'longitude') =>
    model.fields.find((field) => field.kind === 'number' && field.coordinate === which)?.key;
  const latitudeKey = keyOf('latitude');
  const longitudeKey = keyOf('longitude');
  if (latitudeKey === undefined || longitudeKey === undefined) return undefined;
  return (latitude, longitude) => {
    setTypedNumber([...path, latitudeKey], latitude);
    setTypedNumber([...path, longitudeKey], longitude);
    onChange(withKey(withKey(value, latitudeKey, Number(latitude)), longitudeKey, Number(longitude)));
  };
}

/**
 * An office's hours in one press: the same as the main office's (its own taken out, so the site
 * shows the main office's and follows them), or, when it has them, a note saying whose it shows.
 */
function MainHours({ office, root, onChange }: { office: unknown; root: unknown; onChange: (next: unknown) => void }) {
  const main = getIn(root, ['contact', 'hours']);
  const words = typeof main === 'string' && main.trim() ? ` (${main.trim()})` : '';
  if (followsMainHours(office))
    return (
      <p className="note same-hours">Opening hours: the same as the main office’s{words}. Add this office’s own below where they differ.</p>
    );
  return (
    <div className="same-hours">
      <button type="button" onClick={() => onChange(withMainHours(office))}>
        Same hours as the main office{words}
      </button>
    </div>
  );
}

/** Which variant a value looks like: the first whose shape (object, list or plain value) matches. */
function variantOf(model: ModelOf<'choice'>, value: unknown): number {
  const shape = Array.isArray(value) ? 'list' : value && typeof value === 'object' ? 'group' : 'plain';
  const found = model.variants.findIndex((variant) => {
    const kind = variant.model.kind;
    return shape === 'list' ? kind === 'list' : shape === 'group' ? kind === 'group' : kind !== 'list' && kind !== 'group';
  });
  return Math.max(0, found);
}

/** A value that may take one of several forms: pick the form, then fill it in. */
export function ChoiceField({ model, path, value, onChange, label }: LeafProps<ModelOf<'choice'>>) {
  const [chosen, setChosen] = useState(() => variantOf(model, value));
  const variant = model.variants[chosen] ?? model.variants[0];
  // The variant's own field carries the id, notes and problems of this path.
  const pickId = `${fieldId(path)}-form`;
  return (
    <fieldset className="group choice">
      <legend>
        <LabelText label={label} required={model.required} />
      </legend>
      {model.help ? <p className="help">{model.help}</p> : null}
      <div className="field">
        <label htmlFor={pickId}>Form of {inSentence(label)}</label>
        <select
          id={pickId}
          value={chosen}
          onChange={(event) => {
            const next = Number(event.target.value);
            setChosen(next);
            const nextModel = model.variants[next]?.model;
            if (nextModel) onChange(blank(nextModel));
          }}
        >
          {model.variants.map((option, index) => (
            <option key={index} value={index}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {variant ? <Field model={variant.model} path={path} value={value} onChange={onChange} label={variant.label} /> : null}
    </fieldset>
  );
}
