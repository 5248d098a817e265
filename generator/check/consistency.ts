import type { LoadedFile } from '../load/load.js';
import { initialsFit, initialsOf } from '../contract/initials.js';
import { formatPath, locateValue, type PathSegment } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import type { ContentFile, Site } from '../schema/index.js';

/**
 * Values that are valid one by one but disagree with what they stand beside: a review's initials
 * that are not its writer's (`initials-not-name`: a slip every visitor sees, with a fix that ends
 * it), and a home card that names a service yet keeps a title or link of its own that differ from
 * the service's (`disagrees`: the owner may mean it, but most often a card was switched to a
 * service and kept its old words), and a service whose starting price is above a price in its own
 * list (`disagrees` too: one of the two was changed without the other).
 */
export function checkConsistency(files: readonly LoadedFile[], parsed: Map<ContentFile, unknown>): Problem[] {
  const fileOf = (name: ContentFile) => files.find((file) => file.name === name);
  const warn = (
    code: 'disagrees' | 'initials-not-name',
    name: ContentFile,
    path: PathSegment[],
    message: string,
    hint: string,
  ): Problem => {
    const file = fileOf(name)!;
    return {
      code,
      severity: 'warning',
      file: file.file,
      path: formatPath(path, file.data),
      ...locateValue(file.doc, file.lineCounter, file.source, path),
      message,
      hint,
    };
  };
  const warnings: Problem[] = [];
  const testimonials = (parsed.get('testimonials.yaml') as { testimonials: Site['testimonials'] } | undefined)?.testimonials ?? [];
  testimonials.forEach((review, index) => {
    if (review.avatar === undefined || initialsFit(review.avatar, review.name)) return;
    warnings.push(
      warn(
        'initials-not-name',
        'testimonials.yaml',
        ['testimonials', index, 'avatar'],
        `The initials "${review.avatar}" are not those of ${review.name}, whose review they stand beside.`,
        `write avatar: ${initialsOf(review.name)}, or delete the avatar line: the initials are then taken from the name`,
      ),
    );
  });
  const services = (parsed.get('services.yaml') as { services: Site['services'] } | undefined)?.services ?? [];
  // "Starting from ₹9,499" above a table whose first row says "from ₹8,999": one price was raised
  // and its band left behind (or the other way round), and the page now says both.
  services.forEach((service, index) => {
    const band = service.pricing.bands?.reduce((low, one) => (one.from < low.from ? one : low));
    if (!band || service.pricing.starting <= band.from) return;
    warnings.push(
      warn(
        'disagrees',
        'services.yaml',
        ['services', index, 'pricing', 'starting'],
        `"${service.title}" starts at ${service.pricing.starting} rupees, but its price list below says "${band.label}" from ${band.from}: the services page would show both.`,
        `make the starting price ${band.from} (the lowest in the list), or change the price of "${band.label}"`,
      ),
    );
  });
  const home = parsed.get('pages/home.yaml') as Site['pages']['home'] | undefined;
  home?.services.items.forEach((card, index) => {
    const service = services.find((s) => s.id === card.service);
    if (!service) return;
    if (card.title !== undefined && card.title !== service.title) {
      warnings.push(
        warn(
          'disagrees',
          'pages/home.yaml',
          ['services', 'items', index, 'title'],
          `This card names the service "${service.id}" but keeps its own title "${card.title}", so it does not show the service's, "${service.title}".`,
          'delete the title line to show the service’s title, or keep it if the card should read differently',
        ),
      );
    }
    if (card.href !== undefined) {
      warnings.push(
        warn(
          'disagrees',
          'pages/home.yaml',
          ['services', 'items', index, 'href'],
          `This card names the service "${service.id}" but keeps its own link ${card.href}, so it does not lead to the service on the services page.`,
          'delete the href line to link to the service, or keep it if the card should lead elsewhere',
        ),
      );
    }
  });
  return warnings;
}
