import type { LoadedFile } from '../load/load.js';
import { formatPath, locateKey, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import type { ContentFile, Site } from '../schema/index.js';
import { closest } from '../problems/suggest.js';

/**
 * Checks what one file names in another: every service id used in testimonials, the home page's
 * cards, the footer and the quote form must be the id of a service in services.yaml. Runs on the
 * files that passed their own schema. Also warns about a service the quote form's own list leaves
 * out, since visitors then cannot ask for it.
 */

export interface Reference {
  file: ContentFile;
  path: PathSegment[];
  id: string;
}

export interface ReferenceResult {
  problems: Problem[];
  warnings: Problem[];
}

type Contact = Site['pages']['contact'];

export function checkReferences(files: readonly LoadedFile[], parsed: Map<ContentFile, unknown>): ReferenceResult {
  const services = parsed.get('services.yaml') as { services: Site['services'] } | undefined;
  if (!services) return { problems: [], warnings: [] };
  const ids = services.services.map((service) => service.id);
  const refs = serviceReferences(parsed);
  const contact = parsed.get('pages/contact.yaml') as Contact | undefined;

  const fileOf = (name: ContentFile) => files.find((f) => f.name === name)!;
  const problems: Problem[] = refs
    .filter((ref) => !ids.includes(ref.id))
    .map((ref) => {
      const file = fileOf(ref.file);
      const guess = closest(ref.id, ids);
      return {
        code: 'unknown-reference' as const,
        file: file.file,
        path: formatPath(ref.path, file.data),
        ...locateValue(file.doc, file.lineCounter, file.source, ref.path),
        message: `There is no service with the id "${ref.id}" in services.yaml; the ids there are: ${ids.join(', ')}.${guess ? ` Did you mean "${guess}"?` : ''}`,
        hint: guess ? `change it to ${guess}` : 'use one of the ids above, or add a service with this id to services.yaml',
      };
    });
  if (contact) problems.push(...leftOutAndListed(contact, fileOf('pages/contact.yaml')));
  const warnings = contact && problems.length === 0 ? leftOutOfForm(contact, services.services, fileOf('pages/contact.yaml')) : [];
  return { problems, warnings };
}

/**
 * Every place a file names a service by its id, in the files as parsed: what the check holds to
 * services.yaml, and what the editor renames when a service's id is renamed.
 */
export function serviceReferences(parsed: ReadonlyMap<ContentFile, unknown>): Reference[] {
  const refs: Reference[] = [];
  const listed = (file: ContentFile, path: PathSegment[], list: readonly string[] | undefined) =>
    list?.forEach((id, i) => refs.push({ file, path: [...path, i], id }));
  const testimonials = parsed.get('testimonials.yaml') as { testimonials: Site['testimonials'] } | undefined;
  testimonials?.testimonials.forEach((t, i) =>
    refs.push({ file: 'testimonials.yaml', path: ['testimonials', i, 'service'], id: t.service }),
  );
  const home = parsed.get('pages/home.yaml') as Site['pages']['home'] | undefined;
  home?.services.items.forEach((card, i) => {
    if (card.service !== undefined) refs.push({ file: 'pages/home.yaml', path: ['services', 'items', i, 'service'], id: card.service });
  });
  const layout = parsed.get('layout.yaml') as Site['layout'] | undefined;
  listed('layout.yaml', ['footer', 'services'], layout?.footer.services);
  const contact = parsed.get('pages/contact.yaml') as Contact | undefined;
  listed('pages/contact.yaml', ['form', 'services'], contact?.form.services);
  listed('pages/contact.yaml', ['form', 'leftOut'], contact?.form.leftOut);
  return refs;
}

/** An id both offered in the form and marked as left out of it: one of the two is a mistake. */
function leftOutAndListed(contact: Contact, file: LoadedFile): Problem[] {
  const { services: offered = [], leftOut = [] } = contact.form;
  return leftOut.flatMap((id, i) => {
    if (!offered.includes(id)) return [];
    const path = ['form', 'leftOut', i];
    return [
      {
        code: 'invalid-value' as const,
        file: file.file,
        path: formatPath(path, file.data),
        ...locateValue(file.doc, file.lineCounter, file.source, path),
        message: `"${id}" is both in the form's list of services and under leftOut, which says it is not offered.`,
        hint: `delete it from one of the two lists`,
      },
    ];
  });
}

/**
 * A warning for each service that an explicit `form.services` list does not offer and `leftOut`
 * does not name: most likely a service added to services.yaml after the list was written.
 */
function leftOutOfForm(contact: Contact, services: Site['services'], file: LoadedFile): Problem[] {
  const { services: offered, leftOut = [] } = contact.form;
  if (!offered) return [];
  const where = locateKey(file.doc, file.lineCounter, file.source, ['form', 'services']);
  return services
    .filter((service) => !offered.includes(service.id) && !leftOut.includes(service.id))
    .map((service) => ({
      code: 'service-not-offered' as const,
      severity: 'warning' as const,
      file: file.file,
      ...where,
      path: 'form.services',
      message: `The quote form does not offer "${service.title}" (${service.id}): this list of the services it shows does not name it, so visitors cannot ask for a quote for it.`,
      hint: `add "- ${service.id}" to this list; if leaving it out is deliberate, add "leftOut: [${service.id}]" under form; or delete the list, and the form offers every service in services.yaml`,
    }));
}
