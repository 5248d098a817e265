/**
 * A month of ordinary edits an office would make to content/, applied the way a person edits
 * YAML (the file's comments and layout stay) and written relative to whatever is there, so it
 * works on any valid content: new prices, the real name and phone, a new service, one more and
 * one fewer review, new figures and headings.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isSeq, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';

export interface MonthOfEdits {
  companyName: string;
  phone: string;
  newService: { id: string; title: string; price: number };
  newReview: { id: string; name: string; comment: string };
  /** The name of the review taken out, or undefined when there was only one to begin with. */
  removedReview?: string;
  newPrices: Map<string, number>;
  newFigure: { value: string; label: string };
  newHeroTitle: string;
  /** Files besides services.yaml the new service had to be added to: those that list service ids. */
  listsEdited: string[];
  /** The new service's Malayalam title, when the content has a Malayalam edition. */
  newServiceMalayalam?: string;
}

async function edit(file: string, change: (doc: Document) => void): Promise<void> {
  const doc = parseDocument(await readFile(file, 'utf8'));
  change(doc);
  await writeFile(file, String(doc));
}

function seq(doc: Document, keyPath: string[]): YAMLSeq {
  const node = doc.getIn(keyPath, true);
  if (!isSeq(node)) throw new Error(`Expected a list at ${keyPath.join('.')}`);
  return node;
}

/** An id not yet taken among `taken`. */
function freshId(base: string, taken: readonly unknown[]): string {
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** A title none of `taken` has, however the office names its own services: "Houseboat Shifting", else "Houseboat Shifting 2"… */
function freshTitle(base: string, taken: readonly unknown[]): string {
  const names = new Set(taken.map((title) => String(title).trim().toLowerCase()));
  let title = base;
  for (let n = 2; names.has(title.toLowerCase()); n++) title = `${base} ${n}`;
  return title;
}

/** The service this month adds: made up here, with an id and a title that no service of the content has. */
function addedService(services: YAMLSeq): { id: string; title: string } {
  const items = services.items as YAMLMap[];
  return {
    id: freshId(
      'houseboat-shifting',
      items.map((item) => item.get('id')),
    ),
    title: freshTitle(
      'Houseboat Shifting',
      items.map((item) => item.get('title')),
    ),
  };
}

export interface EditOptions {
  /**
   * Whether the office also writes the Malayalam of what it adds (the default, when the content
   * has a Malayalam edition), or leaves content/ml/ as it was, to translate later.
   */
  translate?: boolean;
}

export async function applyMonthOfEdits(contentDir: string, options: EditOptions = {}): Promise<MonthOfEdits> {
  const result: MonthOfEdits = {
    companyName: 'Periyar Packers & Movers',
    phone: '+91 98470 12345',
    newService: { id: '', title: '', price: 125000 },
    newReview: {
      id: '',
      name: 'Sreekutty Varghese',
      comment: 'They packed our "fragile" crockery in Thrissur & not one plate broke — ഒരുപാട് നന്ദി!',
    },
    newPrices: new Map(),
    newFigure: { value: '6200+', label: 'Families moved' },
    newHeroTitle: 'Moving across Kerala? We carry it with care',
    listsEdited: [],
  };

  await edit(path.join(contentDir, 'site.yaml'), (doc) => {
    doc.setIn(['company', 'name'], result.companyName);
    // The owner of the content names itself: its texts were written for it, so they stay its own.
    doc.setIn(['company', 'textsWrittenFor'], result.companyName);
    doc.setIn(['contact', 'phone'], result.phone);
    doc.setIn(['contact', 'whatsapp'], result.phone);
    const stats = seq(doc, ['stats']);
    (stats.items[0] as YAMLMap).set('value', result.newFigure.value);
    (stats.items[0] as YAMLMap).set('label', result.newFigure.label);
  });

  await edit(path.join(contentDir, 'services.yaml'), (doc) => {
    const services = seq(doc, ['services']);
    for (const [index, item] of services.items.entries()) {
      if (!isMap(item)) continue;
      const price = (item.getIn(['pricing', 'starting']) as number) + 500 + index;
      item.setIn(['pricing', 'starting'], price);
      result.newPrices.set(String(item.get('id')), price);
    }
    const copy = (services.items[0] as YAMLMap).clone() as YAMLMap;
    Object.assign(result.newService, addedService(services));
    copy.set('id', result.newService.id);
    copy.set('title', result.newService.title);
    copy.delete('formLabel');
    copy.set('tagline', 'Houseboats moved along the backwaters, crew and all');
    copy.setIn(['pricing', 'starting'], result.newService.price);
    services.items.push(copy);
    result.newPrices.set(result.newService.id, result.newService.price);
  });

  await edit(path.join(contentDir, 'testimonials.yaml'), (doc) => {
    const reviews = seq(doc, ['testimonials']);
    const copy = (reviews.items[0] as YAMLMap).clone() as YAMLMap;
    result.newReview.id = freshId(
      'sreekutty',
      reviews.items.map((item) => (item as YAMLMap).get('id')),
    );
    const names = reviews.items.map((item) => String((item as YAMLMap).get('name')));
    while (names.includes(result.newReview.name)) result.newReview.name += ' K';
    copy.set('id', result.newReview.id);
    copy.set('name', result.newReview.name);
    copy.set('comment', result.newReview.comment);
    copy.set('avatar', 'SV');
    copy.set('location', 'Thrissur to Kozhikode');
    if (reviews.items.length > 1) {
      result.removedReview = String((reviews.items.at(-1) as YAMLMap).get('name'));
      reviews.items.pop();
    }
    reviews.items.push(copy);
  });

  await edit(path.join(contentDir, 'pages/home.yaml'), (doc) => {
    doc.setIn(['hero', 'title'], result.newHeroTitle);
    doc.setIn(['services', 'heading', 'title'], 'What we move, and how');
  });

  // With a Malayalam edition, the new service and review get their Malayalam text too, and the
  // review taken out goes from both lists.
  if (options.translate !== false && existsSync(path.join(contentDir, 'ml'))) {
    result.newServiceMalayalam = 'ഹൗസ്ബോട്ട് ഷിഫ്റ്റിംഗ്';
    await edit(path.join(contentDir, 'ml/services.yaml'), (doc) => {
      const services = seq(doc, ['services']);
      const copy = (services.items[0] as YAMLMap).clone() as YAMLMap;
      if (copy.has('id')) copy.set('id', result.newService.id);
      copy.set('title', result.newServiceMalayalam);
      copy.delete('formLabel');
      copy.set('tagline', 'കായലിലൂടെ ഹൗസ്ബോട്ടുകൾ സുരക്ഷിതമായി');
      services.items.push(copy);
    });
    await edit(path.join(contentDir, 'ml/testimonials.yaml'), (doc) => {
      const reviews = seq(doc, ['testimonials']);
      const copy = (reviews.items[0] as YAMLMap).clone() as YAMLMap;
      if (copy.has('id')) copy.set('id', result.newReview.id);
      copy.set('comment', 'തൃശ്ശൂരിലെ ഞങ്ങളുടെ പാത്രങ്ങൾ ഒന്നുപോലും പൊട്ടാതെ എത്തി. ഒരുപാട് നന്ദി!');
      copy.set('location', 'തൃശ്ശൂരിൽ നിന്ന് കോഴിക്കോട്ടേക്ക്');
      if (result.removedReview !== undefined) reviews.items.pop();
      reviews.items.push(copy);
    });
  }

  // Lists of services default to every service, so the new one needs no other file. Only where
  // the content chooses its services by id does the office add the new id, as it would by hand.
  for (const [file, keyPath] of [
    ['pages/contact.yaml', ['form', 'services']],
    ['layout.yaml', ['footer', 'services']],
  ] as const) {
    await edit(path.join(contentDir, file), (doc) => {
      const listed = doc.getIn(keyPath, true);
      if (!isSeq(listed)) return;
      listed.add(result.newService.id);
      result.listsEdited.push(file);
    });
  }
  return result;
}

export interface EnglishOnlyEdits {
  newService: { id: string; title: string };
  heroPhoto: { src: string; alt: string };
}

/**
 * The three edits an office makes in English first, leaving content/ml/ for the translator: a
 * seventh service, every review taken out (`testimonials: []`), and a photo beside the home
 * page's title (`photo` is the image file's bytes, written to content/images/).
 */
export async function applyEnglishOnlyEdits(contentDir: string, photo: Buffer): Promise<EnglishOnlyEdits> {
  const result: EnglishOnlyEdits = {
    newService: { id: '', title: '' },
    heroPhoto: { src: 'images/truck.jpg', alt: 'Our blue truck loaded with boxes on a country road' },
  };
  await edit(path.join(contentDir, 'services.yaml'), (doc) => {
    const services = seq(doc, ['services']);
    const copy = (services.items[0] as YAMLMap).clone() as YAMLMap;
    Object.assign(result.newService, addedService(services));
    copy.set('id', result.newService.id);
    copy.set('title', result.newService.title);
    copy.delete('formLabel');
    services.items.push(copy);
  });
  await edit(path.join(contentDir, 'testimonials.yaml'), (doc) => {
    seq(doc, ['testimonials']).items.splice(0);
  });
  await mkdir(path.join(contentDir, 'images'), { recursive: true });
  await writeFile(path.join(contentDir, result.heroPhoto.src), photo);
  await edit(path.join(contentDir, 'pages/home.yaml'), (doc) => {
    doc.setIn(['hero', 'image'], doc.createNode(result.heroPhoto));
  });
  return result;
}
