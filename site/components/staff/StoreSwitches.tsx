import type { StaffStoreInput, StoreStatusAnswer } from '../../../shared/api/staff.ts';
import { kitchenSettings } from '../../../shared/settings/values.ts';
import { boardTime } from './order-text.ts';

interface Props {
  status: StoreStatusAnswer;
  /** A change is on its way: the switches wait. */
  pending: boolean;
  now: number;
  onChange: (change: StaffStoreInput) => void;
}

/** The store button's words: 'Open', 'Paused', 'Busy +20 min', with ' · auto-accept' when it is on. */
export function storeLabel(status: StoreStatusAnswer | null): string {
  if (!status) return 'Store';
  const state = status.paused ? 'Paused' : status.busy_minutes > 0 ? `Busy +${status.busy_minutes} min` : 'Open';
  return status.auto_accept ? `${state} · auto-accept` : state;
}

/** The banner under the bar while ordering is paused or slowed: what customers see and until when. */
export function storeBanners(status: StoreStatusAnswer | null, now: number): string[] {
  if (!status) return [];
  const banners: string[] = [];
  if (status.paused) {
    const until = status.paused_until ? `until ${boardTime(status.paused_until, now)}` : 'until you turn it back on';
    banners.push(`Online ordering is paused ${until}. Orders scheduled for later still come in.`);
  }
  if (status.busy_minutes > 0) {
    banners.push(`Busy: customers are told ${status.busy_minutes} minutes more for pickup and delivery.`);
  }
  return banners;
}

/**
 * The pace switches (POST /api/staff/store/): pause online ordering for a while or until turned
 * back on, add minutes while the kitchen is busy, and let paid orders accept themselves.
 */
export function StoreSwitches({ status, pending, now, onChange }: Props) {
  return (
    <div className="store-switches">
      <fieldset>
        <legend>Pause online ordering</legend>
        {status.paused ? (
          <>
            <p className="store-state">
              Paused{' '}
              {status.paused_until ? `until ${boardTime(status.paused_until, now)}` : 'until you turn it back on'}.
            </p>
            <button
              type="button"
              className="staff-primary"
              disabled={pending}
              onClick={() => onChange({ paused: false })}
            >
              Resume online ordering
            </button>
          </>
        ) : (
          <div className="store-choices">
            {kitchenSettings.pauseMinutes.map((minutes) => (
              <button
                key={minutes}
                type="button"
                disabled={pending}
                onClick={() => onChange({ paused: true, pause_minutes: minutes })}
              >
                {minutes} min
              </button>
            ))}
            <button type="button" disabled={pending} onClick={() => onChange({ paused: true, pause_minutes: null })}>
              Until I turn it back on
            </button>
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>Busy: add time to every order</legend>
        <div className="store-choices">
          <button
            type="button"
            aria-pressed={status.busy_minutes === 0}
            disabled={pending}
            onClick={() => onChange({ busy_minutes: 0 })}
          >
            Not busy
          </button>
          {kitchenSettings.busyMinutes.map((minutes) => (
            <button
              key={minutes}
              type="button"
              aria-pressed={status.busy_minutes === minutes}
              disabled={pending}
              onClick={() => onChange({ busy_minutes: minutes })}
            >
              +{minutes} min
            </button>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        role="switch"
        aria-checked={status.auto_accept}
        className="board-switch"
        disabled={pending}
        onClick={() => onChange({ auto_accept: !status.auto_accept })}
      >
        Accept new orders by themselves
      </button>
    </div>
  );
}
