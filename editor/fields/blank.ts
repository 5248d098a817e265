import type { FieldModel } from '../types.js';

/**
 * The value a newly added list item or optional group starts with: its required parts, empty.
 * Empty required text is then reported by the check, at the field, like any other problem.
 */
export function blank(model: FieldModel): unknown {
  switch (model.kind) {
    case 'group': {
      const value: Record<string, unknown> = {};
      for (const field of model.fields) {
        if (!field.required) continue;
        const start = blank(field);
        if (start !== undefined) value[field.key] = start;
      }
      return value;
    }
    case 'list':
      return Array.from({ length: model.minItems ?? 0 }, () => blank(model.item));
    case 'choice':
      return model.variants[0] ? blank(model.variants[0].model) : undefined;
    case 'boolean':
      return false;
    case 'number':
    case 'price':
      return undefined;
    default:
      return '';
  }
}
