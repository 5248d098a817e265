import type { LoadedFile } from './load.js';
import { formatPath, locateValue, type PathSegment } from './locate.js';
import type { Problem } from './problem.js';
import type { ContentFile, Site } from './schema/index.js';
import { closest } from './suggest.js';

/**
 * Checks what one file names in another: every service id used in testimonials, the footer and
 * the quote form must be the id of a service in services.yaml. Runs on the files that passed
 * their own schema.
 */

interface Reference {
  file: ContentFile;
  path: PathSegment[];
  id: string;
}

export function checkReferences(files: readonly LoadedFile[], parsed: Map<ContentFile, unknown>): Problem[] {
  const services = parsed.get('services.yaml') as { services: Site['services'] } | undefined;
  if (!services) return [];
  const ids = services.services.map((service) => service.id);
  const refs: Reference[] = [];
  const testimonials = parsed.get('testimonials.yaml') as { testimonials: Site['testimonials'] } | undefined;
  testimonials?.testimonials.forEach((t, i) => refs.push({ file: 'testimonials.yaml', path: ['testimonials', i, 'service'], id: t.service }));
  const layout = parsed.get('layout.yaml') as Site['layout'] | undefined;
  layout?.footer.services.forEach((id, i) => refs.push({ file: 'layout.yaml', path: ['footer', 'services', i], id }));
  const contact = parsed.get('pages/contact.yaml') as Site['pages']['contact'] | undefined;
  contact?.form.services.forEach((id, i) => refs.push({ file: 'pages/contact.yaml', path: ['form', 'services', i], id }));

  return refs
    .filter((ref) => !ids.includes(ref.id))
    .map((ref) => {
      const file = files.find((f) => f.name === ref.file)!;
      const guess = closest(ref.id, ids);
      return {
        code: 'unknown-reference' as const,
        file: file.file,
        path: formatPath(ref.path),
        ...locateValue(file.doc, file.lineCounter, file.source, ref.path),
        message: `There is no service with the id "${ref.id}" in services.yaml.${guess ? ` Did you mean "${guess}"?` : ''}`,
        hint: `service ids are: ${ids.join(', ')}`,
      };
    });
}
