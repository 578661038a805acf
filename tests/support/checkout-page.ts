/**
 * Driving the widget's checkout in Chromium the way a customer does: by the labels and button
 * names they see.
 */
import type { Locator, Page } from 'playwright-core';

export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Adds an item that needs no choices from /order/, `times` times. */
export async function addFromMenu(page: Page, name: string, times = 1): Promise<void> {
  const add = page.locator('comal-order').getByRole('button', { name: `Add ${name} to cart` });
  for (let i = 0; i < times; i++) await add.click();
}

export async function fillContact(
  widget: Locator,
  contact = { name: 'Ana Reyes', email: 'ana@example.com', phone: '(213) 555-0142' },
) {
  await widget.getByLabel('Name', { exact: true }).fill(contact.name);
  await widget.getByLabel('Email', { exact: true }).fill(contact.email);
  await widget.getByLabel('Mobile phone').fill(contact.phone);
}

export async function payWithCard(widget: Locator, number: string): Promise<void> {
  await widget.getByLabel('Card number').fill(number);
  await widget.getByLabel('Expiry (MM/YY)').fill('12/34');
  await widget.getByLabel('Security code').fill('123');
  await widget.getByRole('button', { name: /^Pay \$/ }).click();
}

/** The cart as the widget keeps it in this origin's localStorage. */
export async function storedCartQuantity(page: Page): Promise<number> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('comal:cart') ?? 'null') as {
      cart?: { items?: { quantity: number }[] };
    } | null;
    return (stored?.cart?.items ?? []).reduce((sum, line) => sum + line.quantity, 0);
  });
}
