/**
 * The JavaScript source of a stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js), for
 * browser tests that have no internet: a test answers `https://js.stripe.com/**` with it through
 * `page.route`. It covers the documented subset the widget uses:
 *   window.Stripe(pk) -> stripe.elements({ clientSecret }) -> elements.create('payment' or 'expressCheckout')
 *   element.on('ready', cb) / off, element.mount(domElement or selector), element.destroy()
 *   stripe.confirmPayment({ elements, redirect, confirmParams: { return_url } })
 *   stripe.confirmSetup({ elements, redirect, confirmParams: { return_url } }) -> { setupIntent } or { error }
 *   stripe.confirmCardPayment(clientSecret, { payment_method: 'pm_...' }) -> { paymentIntent } or { error }
 * The Payment Element is a plain div with one real input, labelled "Test card number", and, like
 * Stripe's, refuses to mount inside a shadow root. confirmPayment POSTs to the Stripe stand-in's
 * `/v1/payment_intents/:id/confirm` (tests/support/stripe-stand-in.ts) as Stripe.js does, with the
 * publishable key and client secret in the form, and resolves `{ paymentIntent }` or `{ error }`
 * (https://docs.stripe.com/js/payment_intents/confirm_payment). The Express Checkout Element is
 * one button, "Pay with Link", whose 'ready' event names the wallets available
 * (`availablePaymentMethods`: Link when the PaymentIntent takes `link`, which it reads from the
 * Stripe stand-in with the publishable key and client secret as Stripe.js does; Apple Pay and
 * Google Pay, cards in a wallet, never in a headless browser; none when the page set
 * `window.__standInNoWallets`), and whose
 * click fires 'confirm' ({ expressPaymentType: 'link', paymentFailed }) as the element does once
 * the customer approves on the wallet's sheet; confirmPayment called from that handler pays with
 * the wallet's card, 4242 4242 4242 4242
 * (https://docs.stripe.com/js/elements_object/express_checkout_element_confirm_event). What @stripe/stripe-js's loader
 * checks is satisfied: `window.Stripe` is set when the script loads, `Stripe.version` names the
 * release train it expects ('endive'), and `_registerWrapper` exists.
 */
import type { Page } from 'playwright-core';

export const STRIPE_JS_RELEASE_TRAIN = 'endive';
export const TEST_CARD_NUMBER_LABEL = 'Test card number';

/** The script, calling the Stripe stand-in at `apiBase` (e.g. http://127.0.0.1:12345). */
export function stripeJsStandIn(apiBase: string): string {
  return `(() => {
  'use strict';
  const API_BASE = ${JSON.stringify(apiBase.replace(/\/$/, ''))};
  const LABEL = ${JSON.stringify(TEST_CARD_NUMBER_LABEL)};

  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  };

  function createPaymentElement() {
    const handlers = {};
    let input = null;
    let container = null;
    const element = {
      on(event, handler) {
        (handlers[event] ||= []).push(handler);
        return element;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
        return element;
      },
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!(node instanceof HTMLElement)) throw new IntegrationError('Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.');
        if (node.getRootNode() instanceof ShadowRoot) throw new IntegrationError('Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
        if (container) throw new IntegrationError('This Element is already mounted. Use unmount() to unmount the Element before re-mounting.');
        container = document.createElement('div');
        container.className = 'StripeElement StripeElement--standIn';
        const label = document.createElement('label');
        label.textContent = LABEL + ' ';
        input = document.createElement('input');
        input.name = 'cardnumber';
        input.autocomplete = 'cc-number';
        input.inputMode = 'numeric';
        input.addEventListener('input', () => {
          const digits = input.value.replace(/\\s/g, '');
          for (const h of handlers.change || []) h({ elementType: 'payment', empty: digits === '', complete: digits.length >= 15 && luhn(digits), value: { type: 'card' } });
        });
        label.append(input);
        container.append(label);
        node.append(container);
        setTimeout(() => {
          for (const h of handlers.ready || []) h({ elementType: 'payment' });
        }, 0);
      },
      unmount() {
        container?.remove();
        container = input = null;
      },
      destroy() {
        element.unmount();
      },
      cardNumber: () => (input ? input.value.replace(/\\s/g, '') : null),
    };
    return element;
  }

  /** The PaymentIntent's payment methods, as Stripe.js reads the intent with the publishable key. */
  async function intentMethods(elements) {
    const clientSecret = elements._clientSecret;
    const intentId = clientSecret.split('_secret_')[0];
    const query = '?key=' + encodeURIComponent(elements._publishableKey) + '&client_secret=' + encodeURIComponent(clientSecret);
    try {
      const response = await fetch(API_BASE + '/v1/payment_intents/' + encodeURIComponent(intentId) + query);
      const intent = response.ok ? await response.json() : null;
      return intent && Array.isArray(intent.payment_method_types) ? intent.payment_method_types : [];
    } catch {
      return [];
    }
  }

  function createExpressElement(elements) {
    const handlers = {};
    let container = null;
    const emit = (event, payload) => {
      for (const h of handlers[event] || []) h(payload);
    };
    const element = {
      on(event, handler) {
        (handlers[event] ||= []).push(handler);
        return element;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
        return element;
      },
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!(node instanceof HTMLElement)) throw new IntegrationError('Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.');
        if (node.getRootNode() instanceof ShadowRoot) throw new IntegrationError('Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.');
        container = document.createElement('div');
        container.className = 'StripeElement StripeElement--standIn';
        node.append(container);
        const shown = container;
        intentMethods(elements).then((types) => {
          if (shown !== container) return;
          const wallets = window.__standInNoWallets || !types.includes('link') ? undefined : { link: true, applePay: false, googlePay: false, paypal: false, amazonPay: false, klarna: false };
          if (wallets) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Pay with Link';
            button.addEventListener('click', () => {
              elements._expressPending = true;
              try {
                emit('confirm', {
                  elementType: 'expressCheckout',
                  expressPaymentType: 'link',
                  paymentFailed: (payload = {}) => { element._failed = payload.reason || 'fail'; },
                  billingDetails: {},
                });
              } finally {
                elements._expressPending = false;
              }
            });
            container.append(button);
          }
          emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: wallets });
        });
      },
      unmount() {
        container?.remove();
        container = null;
      },
      destroy() {
        element.unmount();
      },
    };
    return element;
  }

  async function post(path, fields) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
    let response;
    try {
      response = await fetch(API_BASE + path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    } catch (failure) {
      return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Check your connection and try again.' } };
    }
    const answer = await response.json();
    return response.ok ? { paymentIntent: answer } : { error: answer.error };
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey)) {
      throw new IntegrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    }
    return {
      _registerWrapper() {},
      elements(options = {}) {
        if (typeof options.clientSecret !== 'string' || !options.clientSecret.includes('_secret_')) {
          throw new IntegrationError('Invalid value for elements(): clientSecret should be a client secret of the form \${id}_secret_\${secret}.');
        }
        const created = [];
        const elements = {
          _clientSecret: options.clientSecret,
          _publishableKey: publishableKey,
          _expressPending: false,
          _payment: () => created.find((e) => e.type === 'payment'),
          create(type) {
            if (type !== 'payment' && type !== 'expressCheckout') throw new IntegrationError('The Stripe.js stand-in only has the Payment and Express Checkout Elements, not ' + type + '.');
            const element = type === 'payment' ? createPaymentElement() : createExpressElement(elements);
            created.push({ type, element });
            return element;
          },
          getElement: (type) => created.find((e) => e.type === type)?.element ?? null,
        };
        return elements;
      },
      async confirmPayment({ elements, redirect = 'always', confirmParams = {} } = {}) {
        if (elements?._expressPending) {
          // From the Express Checkout Element's confirm: the wallet holds the card.
          const clientSecret = elements._clientSecret;
          const intentId = clientSecret.split('_secret_')[0];
          return post('/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
            key: publishableKey,
            client_secret: clientSecret,
            'payment_method_data[type]': 'card',
            'payment_method_data[card][number]': '4242424242424242',
            return_url: confirmParams.return_url,
          });
        }
        const payment = elements?._payment?.()?.element;
        if (!payment) throw new IntegrationError('Invalid value for confirmPayment(): elements should have a mounted Payment Element.');
        if (redirect === 'always' && !confirmParams.return_url) {
          throw new IntegrationError('stripe.confirmPayment(): the \`confirmParams.return_url\` argument is required unless passing \`redirect: "if_required"\`');
        }
        const number = payment.cardNumber();
        if (number === null) throw new IntegrationError('confirmPayment(): the Payment Element is not mounted.');
        if (number === '') return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        if (!/^\\d{15,16}$/.test(number) || !luhn(number)) return { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
        const clientSecret = elements._clientSecret;
        const intentId = clientSecret.split('_secret_')[0];
        const result = await post('/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': number,
          return_url: confirmParams.return_url,
        });
        if (result.error || redirect === 'if_required') return result;
        const back = new URL(confirmParams.return_url);
        back.searchParams.set('payment_intent', intentId);
        back.searchParams.set('payment_intent_client_secret', clientSecret);
        back.searchParams.set('redirect_status', result.paymentIntent.status);
        window.location.assign(back.href);
        return new Promise(() => {});
      },
      // https://docs.stripe.com/js/payment_intents/confirm_card_payment, with a saved card's id.
      async confirmCardPayment(clientSecret, data = {}) {
        if (typeof data.payment_method !== 'string') throw new IntegrationError('The Stripe.js stand-in only confirms card payments with a saved payment_method id.');
        const intentId = clientSecret.split('_secret_')[0];
        return post('/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', {
          key: publishableKey,
          client_secret: clientSecret,
          payment_method: data.payment_method,
        });
      },
      async confirmSetup({ elements, redirect = 'always', confirmParams = {} } = {}) {
        const payment = elements?._payment?.()?.element;
        if (!payment) throw new IntegrationError('Invalid value for confirmSetup(): elements should have a mounted Payment Element.');
        if (redirect === 'always' && !confirmParams.return_url) {
          throw new IntegrationError('stripe.confirmSetup(): the \`confirmParams.return_url\` argument is required unless passing \`redirect: "if_required"\`');
        }
        const number = payment.cardNumber();
        if (number === null) throw new IntegrationError('confirmSetup(): the Payment Element is not mounted.');
        if (number === '') return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        if (!/^\\d{15,16}$/.test(number) || !luhn(number)) return { error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } };
        const clientSecret = elements._clientSecret;
        const intentId = clientSecret.split('_secret_')[0];
        const result = await post('/v1/setup_intents/' + encodeURIComponent(intentId) + '/confirm', {
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': number,
          return_url: confirmParams.return_url,
        });
        if (result.paymentIntent) return { setupIntent: result.paymentIntent };
        if (result.error || redirect === 'if_required') return result;
        return new Promise(() => {});
      },
    };
  }
  Stripe.version = ${JSON.stringify(STRIPE_JS_RELEASE_TRAIN)};
  window.Stripe = Stripe;
})();
`;
}

/**
 * Serves the stand-in as https://js.stripe.com on `page`, and relays its calls to
 * https://api.stripe.com (what the pages' CSP allows) to the local Stripe stand-in at `apiBase`.
 */
export async function routeStripeJs(page: Page, apiBase: string): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: stripeJsStandIn('https://api.stripe.com'),
    }),
  );
  await page.route('https://api.stripe.com/**', async (route) =>
    route.fulfill({
      response: await route.fetch({ url: route.request().url().replace('https://api.stripe.com', apiBase) }),
    }),
  );
}
