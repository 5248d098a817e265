import { getIn, type Path } from './paths.js';
import type { FieldModel, SelectOption } from './types.js';

/**
 * The home page's service cards beside the services list: a card naming a service takes its title,
 * icon and link from it, but the cards' order and which services have one are the home page's own.
 * After the services are reordered or one is added, the cards stay as they were; these say how
 * they differ and bring them in line.
 */

/** Where the home page keeps its cards. */
export const CARDS_PATH: Path = ['services', 'items'];

type Card = Record<string, unknown>;
const serviceOf = (card: unknown) =>
  card !== null && typeof card === 'object' && typeof (card as Card).service === 'string' ? ((card as Card).service as string) : undefined;

export interface CardsDrift {
  /** Services in the list that no card shows, in the list's order. */
  missing: string[];
  /** Whether the cards that name services show them in another order than the list's. */
  reordered: boolean;
}

/** How the cards differ from the services list (`ids`, in its order); undefined when they follow it. */
export function cardsDrift(cards: unknown, ids: readonly string[]): CardsDrift | undefined {
  const named = (Array.isArray(cards) ? cards : []).map(serviceOf).filter((id): id is string => id !== undefined && ids.includes(id));
  const missing = ids.filter((id) => !named.includes(id));
  const order = ids.filter((id) => named.includes(id));
  const reordered = named.some((id, index) => id !== order[index]);
  return missing.length > 0 || reordered ? { missing, reordered } : undefined;
}

/**
 * The cards in line with the list: one card per service in the list's order, each keeping the
 * card it had (its own words), a new one for a service that had none; then the cards that name no
 * service of the list (the company's own, or one the check will report), in their order.
 */
export function cardsInLine(cards: unknown, ids: readonly string[]): unknown[] {
  const list = Array.isArray(cards) ? cards : [];
  const forService = ids.map((id) => list.find((card) => serviceOf(card) === id) ?? { service: id });
  const others = list.filter((card) => {
    const id = serviceOf(card);
    return id === undefined || !ids.includes(id);
  });
  return [...forService, ...others];
}

/**
 * The services in their list's order (id and label), as the home page's card form offers them: the
 * server fills the cards' service select from services.yaml as it is on disk.
 */
export function serviceOptionsOf(model: FieldModel): SelectOption[] {
  let here: FieldModel | undefined = model;
  for (const key of [...CARDS_PATH, '', 'service']) {
    if (here?.kind === 'list' && key === '') here = here.item;
    else here = here?.kind === 'group' ? here.fields.find((field) => field.key === key) : undefined;
  }
  return here?.kind === 'select' ? here.options : [];
}

/** The home page's cards in a value of pages/home.yaml. */
export const cardsOf = (home: unknown) => getIn(home, CARDS_PATH);
