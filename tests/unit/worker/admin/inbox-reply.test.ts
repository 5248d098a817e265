/**
 * The inbox's WhatsApp button opens the chat with the words the build left for the request's
 * language (whatsapp.yaml requestReply, generator/hosts.ts), the visitor's name where they say
 * {name}: the visitor reads them, so a request from a Malayalam page is answered in Malayalam.
 */
import { expect, it } from 'vitest';
import { SITE } from '../../../helpers/worker.js';
import { quoteHostForFile, request } from '../quotes/host.js';
import { signIn } from './sign-in.js';

// The build's words for this file alone, unlike any content's, so a pass says they came from the build.
const REPLY = {
  en: 'Hi {name}, this is the moving company, about the quote you asked us for:',
  ml: 'നമസ്കാരം {name}, നിങ്ങൾ ചോദിച്ച ക്വട്ടേഷനെക്കുറിച്ച്:',
};

const host = quoteHostForFile({}, { requestReply: REPLY });

/** The text each WhatsApp button of the inbox opens the chat with, by the visitor's name on its card. */
async function whatsappTexts(): Promise<Map<string, string>> {
  const { cookie } = await signIn(host());
  const answer = await host().fetch('/admin/requests/', { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  const cards = (await answer.text()).split('<li class="request"').slice(1);
  return new Map(
    cards.map((card) => [
      /<h2>([^<]*)<\/h2>/.exec(card)![1]!,
      decodeURIComponent(/href="https:\/\/wa\.me\/\d+\?text=([^"]*)"/.exec(card)![1]!),
    ]),
  );
}

it('opens the chat with a request from a Malayalam page in Malayalam, and one from an English page in English, each with its name', async () => {
  await host().post(request({ name: 'Lakshmi Nair' }), { referer: `${SITE}/ml/contact/`, address: '203.0.113.1' });
  await host().post(request({ name: 'Anu Thomas' }), { referer: `${SITE}/contact/`, address: '203.0.113.2' });
  expect(await host().sql('SELECT language FROM quote_requests ORDER BY language')).toEqual([{ language: 'en' }, { language: 'ml' }]);
  const texts = await whatsappTexts();
  expect(texts.get('Lakshmi Nair')).toBe('നമസ്കാരം Lakshmi Nair, നിങ്ങൾ ചോദിച്ച ക്വട്ടേഷനെക്കുറിച്ച്:');
  expect(texts.get('Anu Thomas')).toBe('Hi Anu Thomas, this is the moving company, about the quote you asked us for:');
});

it('writes the name as the visitor gave it, even one a replacement pattern would change ($&)', async () => {
  await host().post(request({ name: 'Anu $& Thomas' }), { referer: `${SITE}/ml/contact/` });
  expect([...(await whatsappTexts()).values()]).toEqual(['നമസ്കാരം Anu $& Thomas, നിങ്ങൾ ചോദിച്ച ക്വട്ടേഷനെക്കുറിച്ച്:']);
});
