/** What the quote form specs share: a visitor's answers, filling them in and reading them back. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/**
 * What a visitor types, by the field's label, with the label the WhatsApp fallback writes it
 * under. The values carry `&`, `#`, a line break and Malayalam, which a careless link would lose.
 */
export const ANSWERS = [
  { label: 'Full Name *', plain: 'Full Name', field: 'name', value: 'Anjali & Ravi Menon' },
  { label: 'Email Address *', plain: 'Email Address', field: 'email', value: 'anjali.menon@example.in' },
  { label: 'Phone Number *', plain: 'Phone Number', field: 'phone', value: '+91 98470 12345' },
  { label: 'Service Required *', plain: 'Service Required', field: 'service', value: 'Packing & Unpacking', select: true },
  { label: 'Moving From *', plain: 'Moving From', field: 'moveFrom', value: 'Flat #4B, Kakkanad, Kochi' },
  { label: 'Moving To *', plain: 'Moving To', field: 'moveTo', value: 'തിരുവനന്തപുരം (Thiruvananthapuram)' },
  { label: 'Moving Date', plain: 'Moving Date', field: 'moveDate', value: '2030-05-20' },
  { label: 'Additional Details', plain: 'Additional Details', field: 'message', value: 'Third floor, lift available.\nഒരു പിയാനോയും ഉണ്ട് & 20 boxes #fragile' },
] as const;

export async function fillQuote(page: Page): Promise<void> {
  for (const answer of ANSWERS) {
    const control = page.getByLabel(answer.label, { exact: true });
    if ('select' in answer) await control.selectOption({ label: answer.value });
    else await control.fill(answer.value);
  }
}

export async function expectQuoteValues(page: Page, filled: boolean): Promise<void> {
  for (const answer of ANSWERS) {
    await expect(page.getByLabel(answer.label, { exact: true }), answer.label).toHaveValue(filled ? answer.value : '');
  }
}

export const quoteButton = (page: Page) => page.getByRole('button', { name: 'Get Free Quote' });
