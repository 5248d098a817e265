import type { Photos } from '../../generator/contract/photo.js';
import type { Site } from '../../generator/schema/index.js';
import { IconCardGrid, StatsStrip } from '../parts/Cards.js';
import { Cta } from '../parts/Cta.js';
import { IconBadge } from '../parts/Icon.js';
import { PageHero } from '../parts/PageHero.js';
import { Section } from '../parts/SectionHeading.js';
import { Photo } from '../parts/Photo.js';
import { Assurance, BusinessFacts } from '../parts/Trust.js';
import { Paragraphs } from '../parts/Text.js';

export function AboutPage({ site, photos }: { site: Site; photos: Photos }) {
  const about = site.pages.about;
  const { story, values, whyChoose } = about;
  return (
    <>
      <PageHero hero={about.hero}>
        {site.settings.business?.assurance && <Assurance text={site.settings.business.assurance} icon={false} />}
      </PageHero>

      <Section id="story" heading={story.heading}>
        <div className="split">
          <div className="prose">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <div className="stack">
            {story.image && <Photo photos={photos} slot="story" image={story.image} className="content-photo" />}
            <div className="card mission-card">
              <IconBadge name="target" />
              <h3>{story.mission.title}</h3>
              <Paragraphs text={story.mission.text} />
            </div>
            <div className="card mission-card">
              <IconBadge name="eye" />
              <h3>{story.vision.title}</h3>
              <Paragraphs text={story.vision.text} />
            </div>
          </div>
        </div>
        <StatsStrip stats={site.settings.stats} reviews={site.settings.reviews} />
      </Section>

      <Section id="values" heading={values.heading} tone="tint">
        <IconCardGrid items={values.items} columns={4} />
      </Section>

      <Section id="why-us" heading={whyChoose.heading}>
        <IconCardGrid items={whyChoose.items} />
      </Section>

      {about.facts && site.settings.business?.facts && <BusinessFacts heading={about.facts.heading} facts={site.settings.business.facts} />}

      <Cta cta={about.cta} phone={site.settings.contact.phone} />
    </>
  );
}
