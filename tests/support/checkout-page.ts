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

/**
 * A paid guest order placed through the API from the page (as the widget would), to give a phone
 * number loyalty points: `quantity` Mexican Coca-Colas at $3.50 earn 3.5 points each.
 */
export async function paidOrderFor(page: Page, contact: { phone: string; email: string }, quantity: number) {
  await page.evaluate(
    async ({ phone, email, quantity }) => {
      const { csrftoken } = (await (await fetch('/api/csrf/')).json()) as { csrftoken: string };
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrftoken },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        return response.json() as Promise<{ order_id: string; payment: { client_secret: string } }>;
      };
      const order = await post('/api/create-order/', {
        cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity, modifiers: [] }],
        name: 'Points Earner',
        email,
        phone,
        delivery_type: 'pickup',
      });
      await post('/api/demo-payments/confirm/', {
        client_secret: order.payment.client_secret,
        card_number: '4242 4242 4242 4242',
        exp: '12/34',
        cvc: '123',
      });
      await post(`/api/finalize-order/${order.order_id}/`, {});
    },
    { ...contact, quantity },
  );
}
