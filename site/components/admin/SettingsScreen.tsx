import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminSettings, SettingsPreview } from '../../../shared/api/admin-settings.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import {
  SECTION_NAMES,
  TIP_PRESETS,
  type LiveSettings,
  type SettingsOverrides,
  type SettingsSection,
} from '../../../shared/live-settings.ts';
import type { DeliveryType } from '../../../shared/pricing.ts';
import { restaurant, type DayHours, type Weekday } from '../../../shared/restaurant.ts';
import type { AdminCall } from './admin-api.ts';
import { centsToDollars, dollarsToCents } from './admin-form.ts';
import { createSettingsApi, hoursText, numberOf, parseHoursText, type SettingsApi } from './settings-api.ts';
import './settings-screen.css';

const ZONE = restaurant.ordering.timeZone;
const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const TYPES: readonly DeliveryType[] = ['pickup', 'delivery'];
const TYPE_LABELS: Record<DeliveryType, string> = { pickup: 'Pickup', delivery: 'Delivery' };
const TIP_LABELS = { basic: 'Basic', plus: 'Plus', super: 'Super' } as const;
const HOURS_HINT = 'Like 10:00-15:00, 17:00-21:00 (24-hour clock). Blank: closed. 00:00 closes at midnight.';
export const SAVED = 'Saved.';

type Saved = (next: AdminSettings) => void;
/** What a form reports of its unsaved values, for the preview of a draft. */
type Report = <S extends SettingsSection>(section: S, value: LiveSettings[S]) => void;

/**
 * The settings that change while the restaurant is open: ordering hours, holidays and special
 * days, lead times, delivery radius and fees, tip presets and the earn rate, each saved (or put
 * back to the file's default) by itself; and the times the widget offers over the next 7 days.
 */
export function SettingsScreen({ call }: { call: AdminCall }) {
  const api = useMemo(() => createSettingsApi(call), [call]);
  const [current, setCurrent] = useState<AdminSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ draft: boolean; days: SettingsPreview['days'] } | null>(null);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  const drafts = useRef<SettingsOverrides>({});

  const previewSaved = () =>
    api.preview().then(
      (answer) => {
        setPreview({ draft: false, days: answer.days });
        setPreviewProblem(null);
      },
      (failure: Error) => setPreviewProblem(failure.message),
    );

  useEffect(() => {
    api.read().then(
      (answer) => {
        setCurrent(answer);
        setProblem(null);
      },
      (failure: Error) => setProblem(failure.message),
    );
    void previewSaved();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once; each save reloads
  }, [api]);

  const saved: Saved = (next) => {
    setCurrent(next);
    setNotice(SAVED);
    void previewSaved();
  };
  const report = useCallback<Report>((section, value) => {
    drafts.current = { ...drafts.current, [section]: value };
  }, []);

  async function previewDraft() {
    setNotice(null);
    try {
      const answer = await api.preview(drafts.current);
      setPreview({ draft: true, days: answer.days });
      setPreviewProblem(null);
    } catch (failure) {
      setPreviewProblem((failure as Error).message);
    }
  }

  if (!current)
    return problem ? (
      <p className="staff-error" role="alert">
        {problem}
      </p>
    ) : (
      <p role="status">{LOADING}</p>
    );
  const { settings, overridden } = current;
  const common = { api, onSaved: saved, onNotice: setNotice };
  return (
    <div className="admin-settings">
      <p className="admin-live" role="status">
        {notice ?? ''}
      </p>
      <p className="admin-hint">
        Changes reach the ordering widget and checkout at once. A section you never changed follows the settings file.
      </p>
      <HoursForm
        key={`hours:${JSON.stringify(settings.hours)}`}
        {...common}
        value={settings.hours}
        overridden={overridden.hours}
        report={report}
      />
      <HolidaysForm
        key={`holidays:${JSON.stringify(settings.holidays)}`}
        {...common}
        value={settings.holidays}
        overridden={overridden.holidays}
      />
      <LeadForm
        key={`lead:${JSON.stringify(settings.lead_minutes)}`}
        {...common}
        value={settings.lead_minutes}
        overridden={overridden.lead_minutes}
        report={report}
      />
      <PreviewPanel
        preview={preview}
        problem={previewProblem}
        onDraft={() => void previewDraft()}
        onSaved={() => void previewSaved()}
      />
      <DeliveryForm
        key={`delivery:${JSON.stringify(settings.delivery)}`}
        {...common}
        value={settings.delivery}
        overridden={overridden.delivery}
      />
      <TipsForm
        key={`tips:${JSON.stringify(settings.tips)}`}
        {...common}
        value={settings.tips}
        overridden={overridden.tips}
      />
      <LoyaltyForm
        key={`loyalty:${JSON.stringify(settings.loyalty)}`}
        {...common}
        value={settings.loyalty}
        overridden={overridden.loyalty}
      />
    </div>
  );
}

interface SectionProps<S extends SettingsSection> {
  api: SettingsApi;
  value: LiveSettings[S];
  overridden: boolean;
  onSaved: Saved;
  onNotice: (notice: string | null) => void;
}

/** Saving and resetting one section: one call at a time, the server's sentence when it refuses. */
function useSection<S extends SettingsSection>(section: S, { api, onSaved, onNotice }: SectionProps<S>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<AdminSettings>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    onNotice(null);
    try {
      onSaved(await work());
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return {
    error,
    busy,
    save: (value: LiveSettings[S]) => run(() => api.save(section, value)),
    reset: () => run(() => api.reset(section)),
  };
}

/** One section's form: its title, whether it differs from the file, its fields, its sentence, its buttons. */
function SectionForm({
  section,
  overridden,
  error,
  busy,
  onSubmit,
  onReset,
  saveLabel = 'Save',
  children,
}: {
  section: SettingsSection;
  overridden: boolean;
  error: string | null;
  busy: boolean;
  onSubmit: (() => void) | null;
  onReset: () => void;
  saveLabel?: string;
  children: ReactNode;
}) {
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form className="admin-form settings-section" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h2 id={`${ids}-title`}>{SECTION_NAMES[section]}</h2>
      <p className="admin-hint">{overridden ? 'Changed here (not the file’s default).' : 'The file’s default.'}</p>
      {children}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        {onSubmit && (
          <button type="submit" className="staff-primary" disabled={busy}>
            {saveLabel}
          </button>
        )}
        {overridden && (
          <button type="button" disabled={busy} onClick={onReset}>
            Use the file’s default
          </button>
        )}
      </div>
    </form>
  );
}

type HoursText = Record<DeliveryType, Record<Weekday, string>>;
const hoursOf = (from: HoursText): LiveSettings['hours'] => ({
  pickup: Object.fromEntries(WEEKDAYS.map((d) => [d, parseHoursText(from.pickup[d])])) as Record<Weekday, DayHours>,
  delivery: Object.fromEntries(WEEKDAYS.map((d) => [d, parseHoursText(from.delivery[d])])) as Record<Weekday, DayHours>,
});
const leadOf = (from: Record<DeliveryType, string>) => ({
  pickup: numberOf(from.pickup),
  delivery: numberOf(from.delivery),
});

function HoursForm(props: SectionProps<'hours'> & { report: Report }) {
  const { error, busy, save, reset } = useSection('hours', props);
  const [text, setText] = useState<HoursText>(() => ({
    pickup: Object.fromEntries(WEEKDAYS.map((d) => [d, hoursText(props.value.pickup[d])])) as Record<Weekday, string>,
    delivery: Object.fromEntries(WEEKDAYS.map((d) => [d, hoursText(props.value.delivery[d])])) as Record<
      Weekday,
      string
    >,
  }));
  const { report } = props;
  useEffect(() => report('hours', hoursOf(text)), [text, report]);
  const change = (type: DeliveryType, day: Weekday, value: string) =>
    setText((was) => ({ ...was, [type]: { ...was[type], [day]: value } }));

  return (
    <SectionForm
      section="hours"
      overridden={props.overridden}
      error={error}
      busy={busy}
      onSubmit={() => void save(hoursOf(text))}
      onReset={() => void reset()}
      saveLabel="Save hours"
    >
      <p className="admin-hint">
        When each order type is taken, in restaurant time. Pickup follows the doors; delivery the couriers. {HOURS_HINT}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table settings-hours">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {TYPES.map((type) => (
                <th scope="col" key={type}>
                  {TYPE_LABELS[type]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day) => (
              <tr key={day}>
                <th scope="row">{DAY_LABELS[day]}</th>
                {TYPES.map((type) => (
                  <td key={type}>
                    <input
                      aria-label={`${TYPE_LABELS[type]} hours on ${DAY_LABELS[day]}`}
                      name={`${type}-${day}`}
                      autoComplete="off"
                      value={text[type][day]}
                      placeholder="Closed"
                      onInput={(e) => change(type, day, e.currentTarget.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionForm>
  );
}

type HolidayChoice = 'closed' | 'special' | 'usual';
const holidayWords = (hours: DayHours | undefined) =>
  hours === undefined ? 'usual hours' : hours.length === 0 ? 'closed' : hoursText(hours);

function HolidaysForm(props: SectionProps<'holidays'>) {
  const ids = useId();
  const { error, busy, save, reset } = useSection('holidays', props);
  const [date, setDate] = useState('');
  const [choice, setChoice] = useState<Record<DeliveryType, HolidayChoice>>({ pickup: 'closed', delivery: 'closed' });
  const [special, setSpecial] = useState<Record<DeliveryType, string>>({ pickup: '', delivery: '' });
  const dates = Object.keys(props.value).sort();

  const add = () => {
    const day: Partial<Record<DeliveryType, DayHours>> = {};
    for (const type of TYPES) {
      if (choice[type] === 'closed') day[type] = [];
      if (choice[type] === 'special') day[type] = parseHoursText(special[type]);
    }
    // A blank date is sent as it is: the server says how to write one.
    void save({ ...props.value, [date.trim()]: day });
  };
  const remove = (gone: string) => {
    const next = { ...props.value };
    delete next[gone];
    void save(next);
  };

  return (
    <SectionForm
      section="holidays"
      overridden={props.overridden}
      error={error}
      busy={busy}
      onSubmit={add}
      onReset={() => void reset()}
      saveLabel="Add date"
    >
      <p className="admin-hint">
        A date here replaces its weekday’s hours. Adding or removing a date saves it at once.
      </p>
      {dates.length === 0 ? (
        <p>No holidays or special days.</p>
      ) : (
        <ul className="settings-holidays">
          {dates.map((day) => (
            <li key={day}>
              <span>
                <strong>{dateLabel(day)}</strong> ({day}): pickup {holidayWords(props.value[day]!.pickup)}; delivery{' '}
                {holidayWords(props.value[day]!.delivery)}
              </span>
              <button type="button" disabled={busy} onClick={() => remove(day)}>
                Remove <span className="visually-hidden">{day}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <fieldset>
        <legend>Add a date</legend>
        <label>
          Date
          <input type="date" name="holiday-date" value={date} onInput={(e) => setDate(e.currentTarget.value)} />
        </label>
        <div className="admin-row">
          {TYPES.map((type) => (
            <div key={type} className="settings-holiday-type">
              <label>
                {TYPE_LABELS[type]}
                <select
                  aria-label={TYPE_LABELS[type]}
                  name={`holiday-${type}`}
                  value={choice[type]}
                  onChange={(e) => setChoice((was) => ({ ...was, [type]: e.currentTarget.value as HolidayChoice }))}
                >
                  <option value="closed">Closed</option>
                  <option value="special">Special hours</option>
                  <option value="usual">Usual hours</option>
                </select>
              </label>
              {choice[type] === 'special' && (
                <label>
                  {TYPE_LABELS[type]} special hours
                  <input
                    name={`holiday-${type}-hours`}
                    autoComplete="off"
                    value={special[type]}
                    aria-describedby={`${ids}-hint`}
                    onInput={(e) => {
                      const value = e.currentTarget.value;
                      setSpecial((was) => ({ ...was, [type]: value }));
                    }}
                  />
                </label>
              )}
            </div>
          ))}
        </div>
        <span id={`${ids}-hint`} className="admin-hint">
          {HOURS_HINT}
        </span>
      </fieldset>
    </SectionForm>
  );
}

function LeadForm(props: SectionProps<'lead_minutes'> & { report: Report }) {
  const { error, busy, save, reset } = useSection('lead_minutes', props);
  const [text, setText] = useState<Record<DeliveryType, string>>({
    pickup: String(props.value.pickup),
    delivery: String(props.value.delivery),
  });
  const { report } = props;
  useEffect(() => report('lead_minutes', leadOf(text)), [text, report]);
  return (
    <SectionForm
      section="lead_minutes"
      overridden={props.overridden}
      error={error}
      busy={busy}
      onSubmit={() => void save(leadOf(text))}
      onReset={() => void reset()}
    >
      <p className="admin-hint">
        Minutes from ordering to the food being ready: the earliest time a customer can pick.
      </p>
      <div className="admin-row">
        {TYPES.map((type) => (
          <label key={type}>
            {TYPE_LABELS[type]} lead time (minutes)
            <input
              name={`lead-${type}`}
              inputMode="numeric"
              value={text[type]}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setText((was) => ({ ...was, [type]: value }));
              }}
            />
          </label>
        ))}
      </div>
    </SectionForm>
  );
}

function DeliveryForm(props: SectionProps<'delivery'>) {
  const { error, busy, save, reset } = useSection('delivery', props);
  const [radius, setRadius] = useState(String(props.value.radius_miles));
  const [minimum, setMinimum] = useState(centsToDollars(props.value.minimum_fee_cents));
  const [tiers, setTiers] = useState(
    props.value.fee_tiers.map((tier) => ({ miles: String(tier.up_to_miles), fee: centsToDollars(tier.fee_cents) })),
  );
  const setTier = (index: number, field: 'miles' | 'fee', value: string) =>
    setTiers((was) => was.map((tier, i) => (i === index ? { ...tier, [field]: value } : tier)));
  const submit = () =>
    void save({
      radius_miles: numberOf(radius),
      minimum_fee_cents: dollarsToCents(minimum),
      fee_tiers: tiers.map((tier) => ({ up_to_miles: numberOf(tier.miles), fee_cents: dollarsToCents(tier.fee) })),
    });
  return (
    <SectionForm
      section="delivery"
      overridden={props.overridden}
      error={error}
      busy={busy}
      onSubmit={submit}
      onReset={() => void reset()}
    >
      <div className="admin-row">
        <label>
          Delivery radius (miles)
          <input name="radius" inputMode="decimal" value={radius} onInput={(e) => setRadius(e.currentTarget.value)} />
        </label>
        <label>
          Minimum delivery fee ($)
          <input
            name="minimum-fee"
            inputMode="decimal"
            value={minimum}
            onInput={(e) => setMinimum(e.currentTarget.value)}
          />
        </label>
      </div>
      <fieldset>
        <legend>Fee by distance, nearest first</legend>
        {tiers.map((tier, index) => (
          <div className="admin-row settings-tier" key={index}>
            <label>
              Tier {index + 1}: up to (miles)
              <input
                name={`tier-${index}-miles`}
                inputMode="decimal"
                value={tier.miles}
                onInput={(e) => setTier(index, 'miles', e.currentTarget.value)}
              />
            </label>
            <label>
              Tier {index + 1}: fee ($)
              <input
                name={`tier-${index}-fee`}
                inputMode="decimal"
                value={tier.fee}
                onInput={(e) => setTier(index, 'fee', e.currentTarget.value)}
              />
            </label>
            <button type="button" onClick={() => setTiers((was) => was.filter((_, i) => i !== index))}>
              Remove tier {index + 1}
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setTiers((was) => [...was, { miles: '', fee: '' }])}>
          Add a tier
        </button>
      </fieldset>
    </SectionForm>
  );
}

function TipsForm(props: SectionProps<'tips'>) {
  const { error, busy, save, reset } = useSection('tips', props);
  const [text, setText] = useState(() =>
    Object.fromEntries(
      TIP_PRESETS.map((name) => {
        const preset = props.value[name];
        return [
          name,
          {
            floor: centsToDollars(preset.floor_cents),
            perMile: centsToDollars(preset.per_mile_cents),
            cap: String(preset.cap_percent),
          },
        ];
      }),
    ),
  );
  const change = (name: string, field: 'floor' | 'perMile' | 'cap', value: string) =>
    setText((was) => ({ ...was, [name]: { ...was[name]!, [field]: value } }));
  const submit = () =>
    void save(
      Object.fromEntries(
        TIP_PRESETS.map((name) => [
          name,
          {
            floor_cents: dollarsToCents(text[name]!.floor),
            per_mile_cents: dollarsToCents(text[name]!.perMile),
            cap_percent: numberOf(text[name]!.cap),
          },
        ]),
      ) as LiveSettings['tips'],
    );
  return (
    <SectionForm
      section="tips"
      overridden={props.overridden}
      error={error}
      busy={busy}
      onSubmit={submit}
      onReset={() => void reset()}
    >
      <p className="admin-hint">
        Each suggested tip is the larger of its least amount and its amount per mile, never more than its share of the
        items.
      </p>
      {TIP_PRESETS.map((name) => (
        <fieldset key={name}>
          <legend>{TIP_LABELS[name]} tip</legend>
          <div className="admin-row">
            <label>
              {TIP_LABELS[name]}: at least ($)
              <input
                name={`tip-${name}-floor`}
                inputMode="decimal"
                value={text[name]!.floor}
                onInput={(e) => change(name, 'floor', e.currentTarget.value)}
              />
            </label>
            <label>
              {TIP_LABELS[name]}: per mile ($)
              <input
                name={`tip-${name}-per-mile`}
                inputMode="decimal"
                value={text[name]!.perMile}
                onInput={(e) => change(name, 'perMile', e.currentTarget.value)}
              />
            </label>
            <label>
              {TIP_LABELS[name]}: at most (% of items)
              <input
                name={`tip-${name}-cap`}
                inputMode="numeric"
                value={text[name]!.cap}
                onInput={(e) => change(name, 'cap', e.currentTarget.value)}
              />
            </label>
          </div>
        </fieldset>
      ))}
    </SectionForm>
  );
}

function LoyaltyForm(props: SectionProps<'loyalty'>) {
  const { error, busy, save, reset } = useSection('loyalty', props);
  const [spent, setSpent] = useState(centsToDollars(props.value.cents_per_point));
  return (
    <SectionForm
      section="loyalty"
      overridden={props.overridden}
      error={error}
      busy={busy}
      onSubmit={() => void save({ cents_per_point: dollarsToCents(spent) })}
      onReset={() => void reset()}
    >
      <label>
        Dollars spent for one point ($)
        <input
          name="cents-per-point"
          inputMode="decimal"
          value={spent}
          onInput={(e) => setSpent(e.currentTarget.value)}
        />
      </label>
      <p className="admin-hint">Counted on the items after discounts, when an order is paid.</p>
    </SectionForm>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE });
const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** '2026-11-27' as 'Fri, Nov 27'. */
const dateLabel = (date: string) => dateFormat.format(new Date(`${date}T12:00:00Z`));

/** A day's slots for one order type: 'No times', or '10:15 AM to 8:45 PM (43 times)'. */
function slotsText(slots: readonly string[]): string {
  if (slots.length === 0) return 'No times';
  const first = timeFormat.format(new Date(slots[0]!));
  const last = timeFormat.format(new Date(slots.at(-1)!));
  return slots.length === 1 ? `${first} (1 time)` : `${first} to ${last} (${slots.length} times)`;
}

function PreviewPanel({
  preview,
  problem,
  onDraft,
  onSaved,
}: {
  preview: { draft: boolean; days: SettingsPreview['days'] } | null;
  problem: string | null;
  onDraft: () => void;
  onSaved: () => void;
}) {
  const ids = useId();
  return (
    <section className="admin-form settings-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Times the widget offers, next 7 days</h2>
      <p className="admin-hint">
        Exactly what customers can choose now, with the pause, busy switch and full times counted.{' '}
        {preview?.draft ? 'Showing your unsaved hours, holidays and lead times.' : 'Showing the saved settings.'}
      </p>
      <div className="admin-actions">
        <button type="button" onClick={onDraft}>
          Preview unsaved changes
        </button>
        <button type="button" onClick={onSaved}>
          Preview saved settings
        </button>
      </div>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      {preview && (
        <div className="admin-table-wrap">
          <table className="admin-table settings-preview">
            <caption className="visually-hidden">
              {preview.draft ? 'Unsaved changes' : 'Saved settings'}: times offered per day
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Pickup</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {preview.days.map((day) => (
                <tr key={day.date} data-date={day.date}>
                  <th scope="row">{dateLabel(day.date)}</th>
                  <td>{slotsText(day.pickup)}</td>
                  <td>{slotsText(day.delivery)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
