import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type {
  CustomerDetail,
  CustomerOrder,
  CustomerSearchAnswer,
  CustomerSummary,
  LedgerEntry,
} from '../../../shared/api/admin-customers.ts';
import { formatUsPhone } from '../../../shared/phone.ts';
import type { AdminCall } from './admin-api.ts';
import { money, when } from './admin-form.ts';
import { createCustomersApi, exportFileName, exportRows, pointsChange, type CustomersApi } from './customers-api.ts';
import './customers-screen.css';

const STATUS_LABELS: Record<CustomerOrder['status'], string> = {
  paid: 'Paid, not yet accepted',
  accepted: 'Accepted',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const points = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'point' : 'points'}`;
const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : `−${Math.abs(n).toLocaleString('en-US')}`);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A wide table's own scroll box, reachable by keyboard so its far columns can be scrolled to. */
function TableBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls must take the keyboard's focus
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

/** What a ledger entry was, in words. */
function ledgerWhat(entry: LedgerEntry): string {
  const order = entry.order_number === null ? '' : ` #${entry.order_number}`;
  switch (entry.kind) {
    case 'earned':
      return `Earned by order${order}`;
    case 'reversed':
      return `Taken back: order${order} refunded or cancelled`;
    case 'redeemed':
      return `Spent on a reward, order${order}`;
    case 'restored':
      return `Given back: order${order} cancelled`;
    case 'adjusted':
      return `Adjusted: ${entry.reason ?? ''}`;
  }
}

/**
 * Customers: search by name, phone or email; a customer's orders and points; adjusting points with
 * a reason; and the export of those who agreed to offers, for marketing.
 */
export function CustomersScreen({ call }: { call: AdminCall }) {
  const api = useMemo(() => createCustomersApi(call), [call]);
  const ids = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ q: string; answer: CustomerSearchAnswer } | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<CustomerDetail | null>(null);
  const [downloading, setDownloading] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (searching) return;
    setSearching(true);
    setProblem(null);
    setNotice(null);
    try {
      const answer = await api.search(query);
      const q = query.trim();
      setResults({ q, answer });
      const count = answer.customers.length;
      setNotice(
        count === 0
          ? `No customers match “${q}”.`
          : `${answer.more ? `The newest ${count} of more` : count} ${count === 1 ? 'customer matches' : 'customers match'} “${q}”.`,
      );
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setSearching(false);
    }
  }

  async function openCustomer(phone: string) {
    setProblem(null);
    try {
      setOpen(await api.customer(phone));
    } catch (failure) {
      setProblem((failure as Error).message);
    }
  }

  /** A customer's page after a change: shown, and their row in the results says the same. */
  function changed(customer: CustomerDetail) {
    setOpen(customer);
    setResults(
      (was) =>
        was && {
          ...was,
          answer: {
            ...was.answer,
            customers: was.answer.customers.map((row) =>
              row.phone === customer.phone ? { ...row, points: customer.points } : row,
            ),
          },
        },
    );
    setNotice(`${customer.name} now has ${points(customer.points)}.`);
  }

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setProblem(null);
    setNotice(null);
    try {
      const file = await api.exportOptedIn();
      const name = exportFileName();
      const rows = exportRows(await file.text());
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setNotice(`Downloaded ${name}: ${rows} opted-in ${rows === 1 ? 'customer' : 'customers'}.`);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="admin-customers">
      <p className="admin-live" role="status">
        {notice ?? ''}
      </p>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      <form className="customers-search" role="search" aria-label="Customers" onSubmit={(e) => void search(e)}>
        <label>
          Name, phone or email
          <input
            type="search"
            name="q"
            autoComplete="off"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
            aria-describedby={`${ids}-search-hint`}
          />
        </label>
        <button type="submit" className="staff-primary" disabled={searching}>
          Search
        </button>
        <span id={`${ids}-search-hint`} className="admin-hint">
          At least 2 characters: part of a name or email address, or digits of a phone number typed any way.
        </span>
      </form>

      {results && results.answer.customers.length > 0 && (
        <CustomerTable
          customers={results.answer.customers}
          q={results.q}
          onOpen={(phone) => void openCustomer(phone)}
        />
      )}

      {open && (
        <CustomerPage key={open.phone} customer={open} api={api} onChanged={changed} onClose={() => setOpen(null)} />
      )}

      <div className="customers-export">
        <h2>Marketing list</h2>
        <p id={`${ids}-export-hint`}>
          The export holds only customers who agreed to offers: their latest order ticked “Text and email me offers from
          the restaurant”, and no checkout of theirs since left it unticked. Agreeing to texts about an order is not
          agreeing to offers, so it does not count.
        </p>
        <button
          type="button"
          onClick={() => void download()}
          disabled={downloading}
          aria-describedby={`${ids}-export-hint`}
        >
          {downloading ? 'Preparing the CSV…' : 'Export opted-in customers (CSV)'}
        </button>
      </div>
    </div>
  );
}

function CustomerTable({
  customers,
  q,
  onOpen,
}: {
  customers: CustomerSummary[];
  q: string;
  onOpen: (phone: string) => void;
}) {
  const ids = useId();
  return (
    <TableBox labelledBy={`${ids}-caption`}>
      <table className="admin-table">
        <caption id={`${ids}-caption`} className="customers-caption">
          Customers matching “{q}”, newest order first
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Phone</th>
            <th scope="col">Email</th>
            <th scope="col">Account</th>
            <th scope="col">Orders</th>
            <th scope="col">Last order</th>
            <th scope="col">Points</th>
            <th scope="col">Offers</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.phone}>
              <th scope="row">{customer.name}</th>
              <td className="customers-nowrap">{formatUsPhone(customer.phone)}</td>
              <td>{customer.email}</td>
              <td>{yesNo(customer.account)}</td>
              <td>{customer.order_count}</td>
              <td className="customers-nowrap">
                <time dateTime={customer.last_order_at}>{when(customer.last_order_at)}</time>
              </td>
              <td>{customer.points.toLocaleString('en-US')}</td>
              <td>{customer.opted_in ? 'Opted in' : 'No'}</td>
              <td>
                <button type="button" onClick={() => onOpen(customer.phone)}>
                  Open <span className="visually-hidden">{customer.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}

interface PageProps {
  customer: CustomerDetail;
  api: CustomersApi;
  onChanged: (customer: CustomerDetail) => void;
  onClose: () => void;
}

/** One customer: who, their points with a form to adjust them, their orders and their ledger. */
function CustomerPage({ customer, api, onChanged, onClose }: PageProps) {
  const ids = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  return (
    <section className="customers-page" aria-labelledby={`${ids}-title`}>
      <div className="customers-page-head">
        <h2 id={`${ids}-title`} ref={title} tabIndex={-1}>
          {customer.name}
        </h2>
        <button type="button" onClick={onClose}>
          Close <span className="visually-hidden">{customer.name}</span>
        </button>
      </div>
      <dl className="customers-facts">
        <div>
          <dt>Phone</dt>
          <dd>{formatUsPhone(customer.phone)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className="customers-email">{customer.email}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{yesNo(customer.account)}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{customer.order_count}</dd>
        </div>
        <div>
          <dt>Offers by text and email</dt>
          <dd>{customer.opted_in ? 'Opted in' : 'Not opted in'}</dd>
        </div>
        <div>
          <dt>Points</dt>
          <dd className="customers-balance">{points(customer.points)}</dd>
        </div>
      </dl>

      <PointsForm customer={customer} api={api} onChanged={onChanged} />

      <h3 id={`${ids}-orders`}>Orders</h3>
      {customer.orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        <TableBox labelledBy={`${ids}-orders`}>
          <table className="admin-table" aria-labelledby={`${ids}-orders`}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">Items</th>
              </tr>
            </thead>
            <tbody>
              {customer.orders.map((order) => (
                <tr key={order.number}>
                  <th scope="row">#{order.number}</th>
                  <td>
                    <time dateTime={order.placed_at}>{when(order.placed_at)}</time>
                  </td>
                  <td>{STATUS_LABELS[order.status]}</td>
                  <td>{money(order.total_cents)}</td>
                  <td>{order.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}

      <h3 id={`${ids}-ledger`}>Points ledger</h3>
      {customer.ledger.length === 0 ? (
        <p>No points yet.</p>
      ) : (
        <TableBox labelledBy={`${ids}-ledger`}>
          <table className="admin-table" aria-labelledby={`${ids}-ledger`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Points</th>
                <th scope="col">What</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {customer.ledger.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </td>
                  <td className="customers-nowrap">{signed(entry.points)}</td>
                  <td>{ledgerWhat(entry)}</td>
                  <td>{entry.by ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

/** Adding points or taking them away, with a reason the ledger keeps. The server checks both. */
function PointsForm({ customer, api, onChanged }: Omit<PageProps, 'onClose'>) {
  const ids = useId();
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const size = pointsChange(amount);
      // NaN is not JSON: sent as null, which the server refuses with its own sentence.
      const saved = await api.adjustPoints(customer.phone, { change: direction === 'take' ? -size : size, reason });
      setAmount('');
      setReason('');
      onChanged(saved);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="admin-form customers-points"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${ids}-title`}
      noValidate
    >
      <h3 id={`${ids}-title`}>Adjust points</h3>
      <fieldset>
        <legend>Change</legend>
        <label className="admin-choice">
          <input type="radio" name="direction" checked={direction === 'add'} onChange={() => setDirection('add')} />
          Add points
        </label>
        <label className="admin-choice">
          <input type="radio" name="direction" checked={direction === 'take'} onChange={() => setDirection('take')} />
          Take points away
        </label>
      </fieldset>
      <label>
        Number of points
        <input
          name="points"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
      </label>
      <div className="customers-field">
        <label>
          Reason
          <input
            name="reason"
            autoComplete="off"
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
            aria-describedby={`${ids}-reason-hint`}
          />
        </label>
        <span id={`${ids}-reason-hint`} className="admin-hint">
          3 to 200 characters, kept in the ledger and the audit log with your email address.
        </span>
      </div>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="staff-primary" disabled={busy}>
          Save points
        </button>
      </div>
    </form>
  );
}
