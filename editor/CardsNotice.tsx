import { useEffect, useState } from 'react';
import { EDIT_ROOT, getJson, messageOf, postJson } from './api.js';
import { CARDS_PATH, cardsDrift, cardsInLine, cardsOf, serviceOptionsOf, type CardsDrift } from './home-cards.js';
import type { FileData, FieldModel } from './types.js';

const HOME = 'pages/home.yaml';

/** What differs, in words: "Pet Relocation has no card, and the cards show the services in another order". */
function driftWords(drift: CardsDrift, titleOf: (id: string) => string): string {
  const missing = drift.missing.map(titleOf);
  const parts = [
    missing.length === 1 ? `${missing[0]} has no card` : missing.length > 1 ? `${missing.join(', ')} have no card` : '',
    drift.reordered ? 'the cards show the services in another order than the list' : '',
  ].filter(Boolean);
  return parts.join(', and ');
}

/**
 * Says when the home page's service cards do not follow the services list, with one button to
 * bring them in line: on the home page's form it changes the form (saved with the rest); on the
 * services list's form, after a save, it saves the home page's cards at once.
 */
export function CardsNotice({
  file,
  model,
  value,
  saved,
  onChange,
}: {
  file: string;
  model: FieldModel;
  value: unknown;
  saved: unknown;
  onChange: (next: unknown) => void;
}) {
  if (file === HOME) return <HomeCards model={model} value={value} onChange={onChange} />;
  if (file === 'services.yaml') return <ServicesCards saved={saved} />;
  return null;
}

function HomeCards({ model, value, onChange }: { model: FieldModel; value: unknown; onChange: (next: unknown) => void }) {
  const options = serviceOptionsOf(model);
  const ids = options.map((option) => option.value);
  const drift = ids.length > 0 ? cardsDrift(cardsOf(value), ids) : undefined;
  if (!drift) return null;
  const titles = new Map(options.map((option) => [option.value, option.label]));
  const bring = () => {
    const home = value as Record<string, unknown>;
    const section = home.services as Record<string, unknown>;
    onChange({ ...home, services: { ...section, [CARDS_PATH[1] as string]: cardsInLine(cardsOf(value), ids) } });
  };
  return (
    <div className="note cards-notice">
      <p>
        The service cards do not follow the services list: {driftWords(drift, (id) => titles.get(id) ?? id)}. Cards naming a service take
        its title and icon, but which services have a card, and their order, are this page’s own.
      </p>
      <button type="button" onClick={bring}>
        Bring the cards in line with the services list
      </button>
    </div>
  );
}

type ServiceEntry = { id?: unknown; title?: unknown };

function ServicesCards({ saved }: { saved: unknown }) {
  const [home, setHome] = useState<FileData | undefined>();
  const [note, setNote] = useState({ text: '', refused: false });
  // The home page as it is on disk, read again after each save of the services.
  // biome-ignore lint/correctness/useExhaustiveDependencies: saved is the signal to read again, not a value read here
  useEffect(() => {
    void getJson<FileData>(`file?file=${encodeURIComponent(HOME)}`).then((answer) => setHome(answer.ok ? answer.body : undefined));
  }, [saved]);
  const services = ((saved as { services?: unknown } | undefined)?.services ?? []) as ServiceEntry[];
  const ids = Array.isArray(services) ? services.flatMap((service) => (typeof service?.id === 'string' ? [service.id] : [])) : [];
  const drift = home && home.value && ids.length > 0 ? cardsDrift(cardsOf(home.value), ids) : undefined;
  const titleOf = (id: string) => {
    const title = services.find((service) => service?.id === id)?.title;
    return typeof title === 'string' ? title : id;
  };
  const bring = async () => {
    if (!home) return;
    const value = home.value as Record<string, unknown>;
    const section = value.services as Record<string, unknown>;
    const next = { ...value, services: { ...section, [CARDS_PATH[1] as string]: cardsInLine(cardsOf(value), ids) } };
    const answer = await postJson<{ version?: string; message?: string; problems?: { message: string }[] }>('save', {
      file: HOME,
      value: next,
      version: home.version,
    });
    if (answer.ok && answer.body.version) {
      setNote({ text: 'The home page’s service cards now follow this list (content/pages/home.yaml saved).', refused: false });
      setHome({ ...home, value: next, version: answer.body.version });
    } else {
      const why = answer.body.problems?.[0]?.message ?? messageOf(answer.body, `Saving the home page failed (${answer.status}).`);
      setNote({ text: `The home page’s cards were not changed: ${why}`, refused: true });
    }
  };
  return (
    <>
      {drift ? (
        <div className="note cards-notice">
          <p>
            The <a href={`${EDIT_ROOT}/${HOME}`}>home page’s</a> service cards do not follow this list as saved:{' '}
            {driftWords(drift, titleOf)}.
          </p>
          <button type="button" onClick={() => void bring()}>
            Bring the home page’s cards in line
          </button>
        </div>
      ) : null}
      <p role="status" className={note.refused ? 'refusal' : note.text ? 'note' : 'visually-hidden'}>
        {note.text}
      </p>
    </>
  );
}
