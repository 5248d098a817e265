import type { Path } from '../paths.js';
import type { FieldModel } from '../types.js';
import { ChoiceField, GroupField } from './Group.js';
import { BooleanField, ColourField, NumberField, PriceField, SelectField, TextField } from './Leaf.js';
import { ListField } from './List.js';
import { PhotoField } from './Photo.js';

export interface FieldProps {
  model: FieldModel;
  path: Path;
  value: unknown;
  onChange: (next: unknown) => void;
  /** Shown instead of the model's label (list items). */
  label?: string;
  /** For one of a position's two numbers: fills both from a pasted pair. */
  onPair?: (latitude: string, longitude: string) => void;
}

/** The control for any field model: chosen by its kind alone, so a field added to a schema needs no code here. */
export function Field({ model, path, value, onChange, label, onPair }: FieldProps) {
  const shown = label ?? model.label;
  switch (model.kind) {
    case 'group':
      return <GroupField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'list':
      return <ListField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'choice':
      return <ChoiceField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'photo':
      return <PhotoField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'select':
      return <SelectField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'price':
      return <PriceField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'number':
      return <NumberField model={model} path={path} value={value} onChange={onChange} label={shown} onPair={onPair} />;
    case 'colour':
      return <ColourField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    case 'boolean':
      return <BooleanField model={model} path={path} value={value} onChange={onChange} label={shown} />;
    default:
      return <TextField model={model} path={path} value={value} onChange={onChange} label={shown} />;
  }
}
