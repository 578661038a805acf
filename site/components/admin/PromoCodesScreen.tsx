import { useEffect, useId, useMemo, useState } from 'react';
import type { PromoCodeAdmin, PromoCodeCreateInput, PromoDiscount } from '../../../shared/api/admin.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import { useSubmit } from '../staff/use-submit.ts';
import { createAdminApi, type AdminApi, type AdminCall } from './admin-api.ts';
import {
  centsToDollars,
  dollarsToCents,
  instantToLocal,
  localToInstant,
  money,
  when,
  wholeOrNone,
} from './admin-form.ts';

const STATE_LABELS: Record<PromoCodeAdmin['state'], string> = {
  active: 'Active',
  inactive: 'Turned off',
  scheduled: 'Starts later',
  expired: 'Ended',
  used_up: 'Used up',
};

export const discountText = (discount: PromoDiscount) =>
  discount.type === 'percent' ? `${discount.percent}% off` : `${money(discount.amount_cents)} off`;

/** The promo codes: what each takes off, where it stands, what it brought in; make, change, turn off. */
export function PromoCodesScreen({ call }: { call: AdminCall }) {
  const api = useMemo(() => createAdminApi(call), [call]);
  const [codes, setCodes] = useState<PromoCodeAdmin[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<PromoCodeAdmin | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = () =>
    api.promoCodes().then(
      (list) => {
        setCodes(list);
        setProblem(null);
      },
      (failure: Error) => setProblem(failure.message),
    );
  /** A code just saved shows in its row in the same render as the notice; the reload brings the rest (order, counts). */
  const showSaved = (saved: PromoCodeAdmin) =>
    setCodes(
      (list) =>
        list &&
        (list.some((each) => each.code === saved.code)
          ? list.map((each) => (each.code === saved.code ? saved : each))
          : [...list, saved]),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once; each change reloads
  }, []);

  async function toggle(promo: PromoCodeAdmin) {
    try {
      const changed = await api.changePromoCode(promo.code, { active: !promo.active });
      showSaved(changed);
      setNotice(`${changed.code} is ${changed.active ? 'on' : 'turned off'}.`);
      await load();
    } catch (failure) {
      setProblem((failure as Error).message);
    }
  }

  return (
    <div className="admin-promo-codes">
      <p className="admin-live" role="status">
        {notice ?? ''}
      </p>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      {editing ? (
        <PromoCodeForm
          api={api}
          promo={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              showSaved(saved);
              setNotice(`${saved.code} is saved.`);
              void load();
            }
          }}
        />
      ) : (
        <button type="button" className="staff-primary" onClick={() => setEditing('new')}>
          New promo code
        </button>
      )}
      {codes === null ? (
        !problem && <p role="status">{LOADING}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">State</th>
                <th scope="col">Uses</th>
                <th scope="col">Revenue</th>
                <th scope="col">Discount given</th>
                <th scope="col">Rules</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((promo) => (
                <tr key={promo.code}>
                  <th scope="row">
                    {promo.code}
                    {promo.description && <span className="admin-sub">{promo.description}</span>}
                  </th>
                  <td>{discountText(promo.discount)}</td>
                  <td>{STATE_LABELS[promo.state]}</td>
                  <td>
                    {promo.uses}
                    {promo.total_limit !== null && ` of ${promo.total_limit}`}
                  </td>
                  <td>{money(promo.revenue_cents)}</td>
                  <td>{money(promo.discount_given_cents)}</td>
                  <td>
                    <ul className="admin-rules">
                      {rulesOf(promo).map((rule) => (
                        <li key={rule}>{rule}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="admin-actions">
                    <button type="button" onClick={() => setEditing(promo)}>
                      Edit <span className="visually-hidden">{promo.code}</span>
                    </button>
                    <button
                      type="button"
                      className={promo.active ? 'staff-danger' : undefined}
                      onClick={() => void toggle(promo)}
                    >
                      {promo.active ? 'Turn off' : 'Turn on'} <span className="visually-hidden">{promo.code}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function rulesOf(promo: PromoCodeAdmin): string[] {
  const rules: string[] = [];
  if (promo.min_subtotal_cents > 0) rules.push(`Orders of ${money(promo.min_subtotal_cents)} or more`);
  if (promo.first_order_only) rules.push('First order only');
  if (promo.per_customer_limit !== null)
    rules.push(promo.per_customer_limit === 1 ? 'Once per customer' : `${promo.per_customer_limit} times per customer`);
  if (promo.starts_at) rules.push(`From ${when(promo.starts_at)}`);
  if (promo.expires_at) rules.push(`Until ${when(promo.expires_at)}`);
  return rules.length > 0 ? rules : ['Any order'];
}

interface FormProps {
  api: AdminApi;
  /** The code to change; null to make a new one. */
  promo: PromoCodeAdmin | null;
  onDone: (saved: PromoCodeAdmin | null) => void;
}

/** Making or changing a code. The server checks every field and says what is wrong. */
function PromoCodeForm({ api, promo, onDone }: FormProps) {
  const ids = useId();
  const [code, setCode] = useState(promo?.code ?? '');
  const [description, setDescription] = useState(promo?.description ?? '');
  const [kind, setKind] = useState<PromoDiscount['type']>(promo?.discount.type ?? 'percent');
  const [percent, setPercent] = useState(promo?.discount.type === 'percent' ? String(promo.discount.percent) : '');
  const [amount, setAmount] = useState(
    promo?.discount.type === 'fixed' ? centsToDollars(promo.discount.amount_cents) : '',
  );
  const [minimum, setMinimum] = useState(promo ? centsToDollars(promo.min_subtotal_cents) : '0.00');
  const [starts, setStarts] = useState(instantToLocal(promo?.starts_at ?? null));
  const [ends, setEnds] = useState(instantToLocal(promo?.expires_at ?? null));
  const [perCustomer, setPerCustomer] = useState(promo?.per_customer_limit?.toString() ?? '');
  const [total, setTotal] = useState(promo?.total_limit?.toString() ?? '');
  const [firstOrder, setFirstOrder] = useState(promo?.first_order_only ?? false);
  const [active, setActive] = useState(promo?.active ?? true);

  const { submit, error, busy } = useSubmit(async () => {
    const discount: PromoDiscount =
      kind === 'percent'
        ? { type: 'percent', percent: percent.trim() === '' ? Number.NaN : Number(percent) }
        : { type: 'fixed', amount_cents: dollarsToCents(amount) };
    const fields = {
      description,
      discount,
      min_subtotal_cents: dollarsToCents(minimum || '0'),
      starts_at: localToInstant(starts),
      expires_at: localToInstant(ends),
      per_customer_limit: wholeOrNone(perCustomer),
      total_limit: wholeOrNone(total),
      first_order_only: firstOrder,
      active,
    };
    // NaN is not JSON: sent as null, which the server refuses with the field's own sentence.
    const saved = promo
      ? await api.changePromoCode(promo.code, fields)
      : await api.createPromoCode({ code, ...fields } satisfies PromoCodeCreateInput);
    onDone(saved);
  });

  const title = promo ? `Change ${promo.code}` : 'New promo code';
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h2 id={`${ids}-title`}>{title}</h2>
      {!promo && (
        <label>
          Code
          <input
            name="code"
            required
            autoComplete="off"
            value={code}
            onInput={(e) => setCode(e.currentTarget.value.toUpperCase())}
            aria-describedby={`${ids}-code-hint`}
          />
          <span id={`${ids}-code-hint`} className="admin-hint">
            3 to 30 letters, digits, dashes or underscores. Customers type it at checkout.
          </span>
        </label>
      )}
      <label>
        Description (for you)
        <input name="description" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      </label>
      <fieldset>
        <legend>Discount</legend>
        <label className="admin-choice">
          <input type="radio" name="kind" checked={kind === 'percent'} onChange={() => setKind('percent')} />
          Percent off the items
        </label>
        <label className="admin-choice">
          <input type="radio" name="kind" checked={kind === 'fixed'} onChange={() => setKind('fixed')} />
          Amount off the items
        </label>
        {kind === 'percent' ? (
          <label>
            Percent off
            <input
              name="percent"
              inputMode="numeric"
              value={percent}
              onInput={(e) => setPercent(e.currentTarget.value)}
            />
          </label>
        ) : (
          <label>
            Amount off ($)
            <input name="amount" inputMode="decimal" value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
          </label>
        )}
      </fieldset>
      <label>
        Minimum item subtotal ($)
        <input name="minimum" inputMode="decimal" value={minimum} onInput={(e) => setMinimum(e.currentTarget.value)} />
      </label>
      <div className="admin-row">
        <label>
          Starts (restaurant time, blank: now)
          <input type="datetime-local" name="starts" value={starts} onInput={(e) => setStarts(e.currentTarget.value)} />
        </label>
        <label>
          Ends (blank: never)
          <input type="datetime-local" name="ends" value={ends} onInput={(e) => setEnds(e.currentTarget.value)} />
        </label>
      </div>
      <div className="admin-row">
        <label>
          Uses per customer (blank: no limit)
          <input
            name="per-customer"
            inputMode="numeric"
            value={perCustomer}
            onInput={(e) => setPerCustomer(e.currentTarget.value)}
          />
        </label>
        <label>
          Uses in all (blank: no limit)
          <input name="total" inputMode="numeric" value={total} onInput={(e) => setTotal(e.currentTarget.value)} />
        </label>
      </div>
      <label className="admin-choice">
        <input type="checkbox" checked={firstOrder} onChange={(e) => setFirstOrder(e.currentTarget.checked)} />
        First order only
      </label>
      <label className="admin-choice">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        On (customers can use it)
      </label>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="staff-primary" disabled={busy}>
          {promo ? 'Save changes' : 'Make code'}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
