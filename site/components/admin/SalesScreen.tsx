import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { SalesReport } from '../../../shared/api/admin-sales.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import type { AdminCall } from './admin-api.ts';
import { money } from './admin-form.ts';
import type { drawBars } from './sales-chart.ts';
import { createSalesApi, csvFileName, PRESETS, presetRange, type SalesRangeInput } from './sales-api.ts';
import './sales-screen.css';

export const CHARTS_FAILED = 'The charts could not load. The tables below give the same figures.';

/** uPlot and its styles, fetched the first time a chart is drawn (the screen's own chunk). */
let chartModule: Promise<{ drawBars: typeof drawBars }> | null = null;
const loadCharts = () => (chartModule ??= import('./sales-chart.ts'));

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const yearFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' });
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
/** 'Fri, Nov 20' */
const dayLabel = (date: string) => dayFormat.format(asDate(date));
/** '11 AM', '12 PM', '12 AM' */
const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
const ordersText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`;
/** A side-axis amount: '$1,200' (whole dollars; the tables have the cents). */
const axisDollars = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { maximumFractionDigits: dollars < 10 && dollars % 1 !== 0 ? 2 : 0 })}`;

function rangeText(report: Pick<SalesReport, 'from' | 'to'>): string {
  const year = yearFormat.format(asDate(report.to));
  return report.from === report.to
    ? `${dayLabel(report.from)}, ${year}`
    : `${dayLabel(report.from)} to ${dayLabel(report.to)}, ${year}`;
}

/**
 * Sales at a glance: a range of the restaurant's dates (two date fields and quick ranges), the
 * range's figures as text, revenue per day and orders per hour as charts with tables beside them,
 * the top items, and the range's orders as a CSV file.
 */
export function SalesScreen({ call }: { call: AdminCall }) {
  const api = useMemo(() => createSalesApi(call), [call]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [report, setReport] = useState<SalesReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // True from the start: the first report (the default range) is on its way.
  const [loading, setLoading] = useState(true);
  const [downloading, setDownloading] = useState(false);
  const latest = useRef(0);

  /** Asks for a report; only the latest one asked for is shown. */
  async function fetchReport(range: SalesRangeInput, ticket: number) {
    try {
      const answer = await api.report(range);
      if (ticket !== latest.current) return;
      setReport(answer);
      setFrom(answer.from);
      setTo(answer.to);
      setProblem(null);
    } catch (failure) {
      if (ticket === latest.current) setProblem((failure as Error).message);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }
  function load(range: SalesRangeInput) {
    setLoading(true);
    setNotice(null);
    void fetchReport(range, ++latest.current);
  }
  useEffect(() => {
    void fetchReport({}, ++latest.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the default range once; the form loads the rest
  }, []);

  function show(event: FormEvent) {
    event.preventDefault();
    load({ from, to });
  }

  async function download() {
    if (!report || downloading) return;
    const range = { from: report.from, to: report.to };
    setDownloading(true);
    setProblem(null);
    setNotice(null);
    try {
      const file = await api.ordersCsv(range);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = csvFileName(range);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setNotice(`Downloaded ${csvFileName(range)}.`);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="sales">
      <form className="sales-range" aria-label="Dates" onSubmit={show}>
        <label>
          From
          <input type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </label>
        <button type="submit" className="staff-primary" disabled={loading}>
          Show
        </button>
        <div className="sales-presets" role="group" aria-label="Quick ranges">
          {PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              disabled={!report || loading}
              onClick={() => report && load(presetRange(report.today, preset.days))}
            >
              {preset.label}
            </button>
          ))}
        </div>
      </form>
      <p className="admin-live" role="status">
        {notice ?? ''}
      </p>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      {report === null ? (
        !problem && <p role="status">{LOADING}</p>
      ) : (
        <div className="sales-report" aria-busy={loading}>
          <h2 className="sales-range-title">
            {rangeText(report)} <span className="admin-sub">Days and hours in {report.time_zone}</span>
          </h2>
          <SalesFigures totals={report.totals} />
          <button type="button" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing the CSV…' : 'Download CSV'}
            <span className="visually-hidden"> of the orders, {rangeText(report)}</span>
          </button>
          <RevenuePerDay report={report} onChartFailed={() => setProblem(CHARTS_FAILED)} />
          <OrdersPerHour report={report} onChartFailed={() => setProblem(CHARTS_FAILED)} />
          <TopItems items={report.top_items} />
        </div>
      )}
    </div>
  );
}

function SalesFigures({ totals }: { totals: SalesReport['totals'] }) {
  const figures: [string, string, string?][] = [
    ['Orders', totals.orders.toLocaleString('en-US')],
    ['Revenue', money(totals.revenue_cents), 'What customers paid: items, tax, delivery and tips'],
    ['Average ticket', money(totals.average_ticket_cents)],
    ['Pickup', `${ordersText(totals.pickup.orders)}, ${money(totals.pickup.revenue_cents)}`],
    ['Delivery', `${ordersText(totals.delivery.orders)}, ${money(totals.delivery.revenue_cents)}`],
    ['Refunds', money(totals.refunds_cents), 'Given back on these orders'],
    ['Net', money(totals.net_cents), 'Revenue less refunds'],
    ['Promo discounts', money(totals.promo_discount_cents)],
    ['Loyalty rewards', money(totals.loyalty_discount_cents)],
    ['Tips', money(totals.tips_cents)],
    ['Tax', money(totals.tax_cents)],
    ['Delivery fees', money(totals.delivery_fees_cents), 'Paid by customers'],
  ];
  return (
    <dl className="sales-figures">
      {figures.map(([label, value, hint]) => (
        <div key={label}>
          <dt>
            <span className="sales-label">{label}</span>
            {hint && <span className="admin-sub">{hint}</span>}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface BarsProps {
  /** What the chart shows, for its text alternative. */
  description: string;
  labels: string[];
  values: number[];
  formatValue: (value: number) => string;
  wholeNumbers?: boolean;
  onFailed: () => void;
}

/** A bar chart drawn by uPlot (loaded on first use), a picture with a text alternative. */
function SalesBars({ description, labels, values, formatValue, wholeNumbers, onFailed }: BarsProps) {
  const into = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([labels, values]);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let gone = false;
    loadCharts().then(
      (charts) => {
        if (gone || !into.current) return;
        chart = charts.drawBars(into.current, { labels, values, formatValue, wholeNumbers: wholeNumbers ?? false });
      },
      () => {
        chartModule = null;
        if (!gone) onFailed();
      },
    );
    return () => {
      gone = true;
      chart?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn when the figures change
  }, [key]);
  return <div ref={into} className="sales-chart" role="img" aria-label={description} />;
}

function RevenuePerDay({ report, onChartFailed }: { report: SalesReport; onChartFailed: () => void }) {
  const best = report.days.reduce((top, day) => (day.revenue_cents > top.revenue_cents ? day : top), report.days[0]!);
  const description =
    best.revenue_cents > 0
      ? `Bar chart of revenue per day, ${rangeText(report)}. The best day was ${dayLabel(best.date)} with ${money(best.revenue_cents)}. The table below gives every day.`
      : `Bar chart of revenue per day, ${rangeText(report)}: no orders. The table below gives every day.`;
  return (
    <section className="sales-section" aria-labelledby="sales-days-title">
      <h2 id="sales-days-title">Revenue per day</h2>
      <SalesBars
        description={description}
        labels={report.days.map((day) => shortDayFormat.format(asDate(day.date)))}
        values={report.days.map((day) => day.revenue_cents / 100)}
        formatValue={axisDollars}
        onFailed={onChartFailed}
      />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Orders and revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{dayLabel(day.date)}</time>
                </th>
                <td>{day.orders}</td>
                <td>{money(day.revenue_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function OrdersPerHour({ report, onChartFailed }: { report: SalesReport; onChartFailed: () => void }) {
  const busy = report.hours.filter((hour) => hour.orders > 0);
  const best = report.hours.reduce((top, hour) => (hour.orders > top.orders ? hour : top), report.hours[0]!);
  const description =
    best.orders > 0
      ? `Bar chart of orders per hour of the day. The busiest hour was ${hourLabel(best.hour)} with ${ordersText(best.orders)}. The table below gives each hour with orders.`
      : 'Bar chart of orders per hour of the day: no orders.';
  return (
    <section className="sales-section" aria-labelledby="sales-hours-title">
      <h2 id="sales-hours-title">Orders per hour</h2>
      <SalesBars
        description={description}
        labels={report.hours.map((hour) => hourLabel(hour.hour).replace(' ', ''))}
        values={report.hours.map((hour) => hour.orders)}
        formatValue={(value) => value.toLocaleString('en-US')}
        wholeNumbers
        onFailed={onChartFailed}
      />
      {busy.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Orders per hour of the day (hours without orders left out)</caption>
            <thead>
              <tr>
                <th scope="col">Hour</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {busy.map((hour) => (
                <tr key={hour.hour}>
                  <th scope="row">{hourLabel(hour.hour)}</th>
                  <td>{hour.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TopItems({ items }: { items: SalesReport['top_items'] }) {
  return (
    <section className="sales-section" aria-labelledby="sales-items-title">
      <h2 id="sales-items-title">Top items</h2>
      {items.length === 0 ? (
        <p>No items sold in these days.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">
              Items sold most, with what their lines came to before discounts
            </caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Sold</th>
                <th scope="col">Revenue before discounts</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={`${index}-${item.name}`}>
                  <th scope="row">{item.name}</th>
                  <td>{item.quantity}</td>
                  <td>{money(item.revenue_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
