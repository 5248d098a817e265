import { idOf } from '../../generator/translations/pairs.js';
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
    // A choice of one (an address's country, IN) has its answer already; empty, it was a problem to fix at once.
    case 'select':
      return model.options.length === 1 ? model.options[0]!.value : '';
    default:
      return '';
  }
}

/**
 * A new item for a list: blank, and in a translation whose items pair by id, naming with `id` the
 * first English item that no item of the list translates yet (`english` is the English list at the
 * same place), so it stays with that item whatever happens to the English list's order. An English
 * list without ids gets the blank item alone.
 */
export function newItem(list: Extract<FieldModel, { kind: 'list' }>, items: readonly unknown[], english: unknown): unknown {
  const start = blank(list.item);
  if (!list.pairsById || !Array.isArray(english) || (start !== undefined && (typeof start !== 'object' || start === null))) return start;
  const taken = new Set(items.map(idOf));
  const next = english.map(idOf).find((id) => id !== undefined && !taken.has(id));
  return next === undefined ? start : { id: next, ...(start as Record<string, unknown>) };
}
