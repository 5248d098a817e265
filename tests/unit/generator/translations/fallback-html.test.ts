import { describe, expect, test } from 'vitest';
import { markEnglishText } from '../../../../generator/translations/fallback-html.js';
import { FALLBACK_END as E, FALLBACK_START as S } from '../../../../generator/translations/fallback.js';

const page = (head: string, body: string) => `<html lang="ml"><head>${head}</head><body>${body}</body></html>`;

describe('a rendered page with texts shown in English', () => {
  test('leaves a page without marked text exactly as it was', () => {
    const html = page('<title>ഹോം</title>', '<p>ഹോം</p>');
    expect(markEnglishText(html)).toBe(html);
  });

  test('says each English stretch of body text is English, and nothing around it', () => {
    expect(markEnglishText(page('', `<p>${S}Two-Wheeler Shifting${E} · ഷിഫ്റ്റിംഗ്</p>`))).toBe(
      page('', '<p><span lang="en">Two-Wheeler Shifting</span> · ഷിഫ്റ്റിംഗ്</p>'),
    );
  });

  test('gives each piece of a text cut by a tag its own span, so no span crosses a tag', () => {
    expect(markEnglishText(page('', `<a>${S}Office/<wbr/>Commercial Moving${E}</a>`))).toBe(
      page('', '<a><span lang="en">Office/</span><wbr/><span lang="en">Commercial Moving</span></a>'),
    );
  });

  test('marks an image whose whole description is English, and a choice whose whole label is', () => {
    expect(
      markEnglishText(
        page(
          '',
          `<img src="a.jpg" alt="${S}A truck${E}"/><select><option value="${S}Bikes${E}">${S}Bikes${E}</option><option>ബൈക്ക്</option></select>`,
        ),
      ),
    ).toBe(
      page(
        '',
        '<img lang="en" src="a.jpg" alt="A truck"/><select><option lang="en" value="Bikes">Bikes</option><option>ബൈക്ക്</option></select>',
      ),
    );
  });

  test('only takes the marks out where no language can be given: the title, other attributes, scripts and styles', () => {
    const head = `<title>${S}Services${E} | ഞങ്ങൾ</title><meta name="description" content="${S}We move homes${E}"/><script type="application/ld+json">{"name":"${S}Bikes${E}"}</script><style>a>b{color:red}</style>`;
    const body = `<a aria-label="${S}Call us${E}">☎</a><textarea placeholder="x">${S}Hello${E}</textarea><script>var a = 1 > 0;</script>`;
    expect(markEnglishText(page(head, body))).toBe(
      page(
        '<title>Services | ഞങ്ങൾ</title><meta name="description" content="We move homes"/><script type="application/ld+json">{"name":"Bikes"}</script><style>a>b{color:red}</style>',
        '<a aria-label="Call us">☎</a><textarea placeholder="x">Hello</textarea><script>var a = 1 > 0;</script>',
      ),
    );
  });
});
