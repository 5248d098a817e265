import type { Site } from '../../generator/schema/index.js';
import { Icon } from './Icon.js';
import { Section } from './SectionHeading.js';

type Areas = NonNullable<Site['pages']['contact']['areas']>;

/** The districts the company works in and the routes it runs often, so "50+ cities" names some. */
export function AreasServed({ areas }: { areas: Areas }) {
  const groups = [areas.districts, ...(areas.routes ? [areas.routes] : [])];
  return (
    <Section id="areas" heading={areas.heading} tone="tint">
      <div className="areas">
        {groups.map((group, index) => (
          <div className="card" key={group.title}>
            <h3 className="card-title">
              <Icon name={index === 0 ? 'map-pin' : 'route'} size={22} />
              {group.title}
            </h3>
            <ul className="tags" role="list">
              {group.items.map((place) => (
                <li key={place}>{place}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  );
}
