/**
 * The checkout: pickup or delivery, the delivery address and its estimate,
 * the tip, the customer's details and loyalty points, a promo code, the totals shared/ computes,
 * and 'Place order'. Placing sends create-order with an Idempotency-Key that stays the same for
 * the same order (checkout-storage.ts) and is disabled while in flight; then the payment step
 * takes the server's own total. Signed in, the details start from the account's, the order is
 * sent with the customer's token and cognito_sub, and the cart can be saved to the account.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../shared/api/client.ts';
import { IDEMPOTENCY_KEY_REUSED } from '../../shared/api/messages.ts';
import type { CreateOrderResponse } from '../../shared/api/schemas.ts';
import { cartTotals } from '../../shared/cart.ts';
import {
  checkAddress,
  checkContact,
  KITCHEN_NOTE_MAX,
  QUOTE_REQUIRED,
  type AddressErrors,
  type ContactErrors,
} from '../../shared/checkout-form.ts';
import { pointsEarned } from '../../shared/loyalty.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { categoryKeyOf } from '../../shared/menu.ts';
import { normalizePhone } from '../../shared/phone.ts';
import type { CheckoutContact } from '../../shared/checkout-form.ts';
import { buildCreateOrderPayload } from '../../shared/order-payload.ts';
import { localize, sitePath, t } from '../i18n.ts';
import { OrderTotals } from '../order-totals.tsx';
import type { CheckoutContext } from './checkout-context.ts';
import { forgetAttempt, idempotencyKeyFor, readContact, saveContact } from './checkout-storage.ts';
import { ContactFields } from './contact-fields.tsx';
import { CartSummary } from './cart-summary.tsx';
import { DeliveryAddressForm } from './delivery-address.tsx';
import { Field } from './field.tsx';
import { OrderTime } from './order-time.tsx';
import { OrderTypeChoice } from './order-type-choice.tsx';
import { PaymentStep } from './payment-step.tsx';
import { PromoField } from './promo-field.tsx';
import { SaveCart } from './save-cart.tsx';
import { TipChoice } from './tip-choice.tsx';

export function CheckoutScreen({ context }: { context: CheckoutContext }) {
  const { store, api, storage, auth } = context;
  const cart = store.cart.value;
  const account = auth.info.value;
  const [contact, setContact] = useState<CheckoutContact>(() => {
    const stored = readContact(storage);
    const info = auth.info.peek();
    if (!info) return stored;
    return {
      ...stored,
      name: stored.name || info.name || '',
      email: stored.email || info.email,
      phone: stored.phone || info.phone,
    };
  });
  // Points are spent only by a signed-in customer whose account has the order's phone number.
  const pointsOwner = Boolean(account) && normalizePhone(account?.phone ?? '') === normalizePhone(contact.phone.trim());
  useEffect(() => {
    if (cart.redeemPoints && !pointsOwner) store.dispatch({ type: 'setRedeemPoints', redeem: false });
  }, [cart.redeemPoints, pointsOwner, store]);
  const [contactErrors, setContactErrors] = useState<ContactErrors>({});
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [problem, setProblem] = useState('');
  const [placing, setPlacing] = useState(false);
  const [order, setOrder] = useState<CreateOrderResponse | null>(null);
  /** A later slot (ISO instant), or null for as soon as possible. */
  const [scheduledFor, setScheduledFor] = useState<string | null>(null);
  /** Counts create-order's refusals of a full time (409), so the time choice asks for the slots again. */
  const [fullTimes, setFullTimes] = useState(0);
  /** The customer's note for the kitchen (optional), for this order only. */
  const [note, setNote] = useState('');
  const inFlight = useRef(false);
  const problemRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => void api.csrf(), [api]);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  if (order) {
    return <PaymentStep context={context} order={order} onBack={() => setOrder(null)} />;
  }

  if (cart.items.length === 0) {
    return (
      <div className="checkout-empty">
        <h1>{t('checkout.title')}</h1>
        <p>{t('checkout.cartEmpty')}</p>
        <a className="primary-link" href={sitePath('/order/')}>
          {t('checkout.browseMenu')}
        </a>
      </div>
    );
  }

  const pricing = store.pricing.value;
  const totals = cartTotals(cart, undefined, pricing.minimumFeeCents);
  const delivery = cart.deliveryType === 'delivery';
  const updateContact = (next: CheckoutContact) => {
    setContact(next);
    saveContact(storage, next);
    setContactErrors({});
  };

  async function place() {
    if (inFlight.current) return;
    const current = store.cart.peek();
    const foundContact = checkContact(contact);
    const foundAddress = current.deliveryType === 'delivery' ? checkAddress(current) : {};
    setContactErrors(foundContact);
    setAddressErrors(foundAddress);
    if (Object.keys(foundContact).length > 0 || Object.keys(foundAddress).length > 0) {
      setProblem(t('checkout.fixFields'));
      return;
    }
    if (current.deliveryType === 'delivery' && !current.deliveryQuoteId) {
      setProblem(localize(QUOTE_REQUIRED));
      return;
    }
    inFlight.current = true;
    setPlacing(true);
    setProblem('');
    // The order is the customer's when the server can tell who they are (the token goes with it),
    // so a click in the first moment waits for the silent refresh to bring the token.
    await auth.ready();
    const payload = buildCreateOrderPayload(current, contact, auth.token.peek() ? auth.info.peek()?.cognitoSub : null);
    if (scheduledFor) payload.scheduled_for = scheduledFor;
    if (note.trim()) payload.note = note.trim();
    try {
      let answer: CreateOrderResponse;
      try {
        answer = await api.createOrder(payload, { idempotencyKey: idempotencyKeyFor(storage, payload) });
      } catch (error) {
        // The stored key is not this browser's any more (its security token changed): a new one, once.
        if (!(error instanceof ApiRequestError && error.status === 422 && error.message === IDEMPOTENCY_KEY_REUSED))
          throw error;
        forgetAttempt(storage);
        answer = await api.createOrder(payload, { idempotencyKey: idempotencyKeyFor(storage, payload) });
      }
      setOrder(answer);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setFullTimes((count) => count + 1);
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }

  return (
    <form
      className="checkout-layout"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void place();
      }}
    >
      <div className="checkout-main">
        <h1>{t('checkout.title')}</h1>
        <OrderTypeChoice
          radiusMiles={pricing.radiusMiles}
          value={cart.deliveryType}
          onChange={(deliveryType) => store.dispatch({ type: 'setDeliveryType', deliveryType })}
        />
        <OrderTime
          api={api}
          deliveryType={cart.deliveryType}
          catering={cart.items.some((line) => categoryKeyOf(line.menuItem) === restaurant.ordering.cateringCategory)}
          subtotalCents={totals.subtotal}
          refresh={fullTimes}
          value={scheduledFor}
          onChange={setScheduledFor}
        />
        {delivery && (
          <DeliveryAddressForm
            cart={cart}
            api={api}
            dispatch={store.dispatch}
            tips={pricing.tips}
            errors={addressErrors}
          />
        )}
        {delivery && cart.deliveryQuoteId && (
          <TipChoice
            key={cart.deliveryQuoteId}
            subtotal={totals.subtotal}
            distance={cart.distance}
            presets={pricing.tips}
            tipCents={cart.tipCents}
            dispatch={store.dispatch}
          />
        )}
        <ContactFields
          contact={contact}
          errors={contactErrors}
          existingPoints={cart.existingPoints}
          earns={pointsEarned(totals.subtotal, totals.promoDiscount + totals.loyaltyDiscount, pricing.centsPerPoint)}
          reward={{ signedIn: Boolean(account), owner: pointsOwner, chosen: cart.redeemPoints }}
          api={api}
          dispatch={store.dispatch}
          onChange={updateContact}
        />
        <div className="section">
          <div className="fields">
            <Field
              label={t('checkout.kitchenNote')}
              hint={t('checkout.kitchenNoteHint')}
              value={note}
              maxLength={KITCHEN_NOTE_MAX}
              autoComplete="off"
              onValue={setNote}
              className="wide"
            />
          </div>
        </div>
      </div>
      <aside className="checkout-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('checkout.yourOrder')}</h2>
        <CartSummary lines={cart.items} onEdit={context.openCart} />
        {account && <SaveCart api={api} lines={cart.items} cognitoSub={account.cognitoSub} />}
        <PromoField
          appliedCode={cart.promoCode && cart.promoDiscount ? cart.promoCode : ''}
          phone={contact.phone}
          api={api}
          dispatch={store.dispatch}
        />
        <OrderTotals state={cart} pricing={pricing} />
        {problem && (
          <p ref={problemRef} className="error" role="alert" tabIndex={-1}>
            {problem}
          </p>
        )}
        <button type="submit" className="primary place" disabled={placing} aria-busy={placing || undefined}>
          {placing ? t('checkout.placingOrder') : t('checkout.placeOrder')}
        </button>
      </aside>
    </form>
  );
}
