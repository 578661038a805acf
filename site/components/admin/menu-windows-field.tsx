/** A category's time windows in its form: for each, the days it is served on and from when to when. */
import { useId } from 'react';
import type { MenuWindowInput } from '../../../shared/api/admin-menu.ts';
import { WINDOW_DAYS } from '../../../shared/menu-windows.ts';

const DAY_NAMES: Record<(typeof WINDOW_DAYS)[number], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

export function WindowsField({
  windows,
  onChange,
}: {
  windows: MenuWindowInput[];
  onChange: (windows: MenuWindowInput[]) => void;
}) {
  const ids = useId();
  const change = (index: number, next: MenuWindowInput) => onChange(windows.map((w, i) => (i === index ? next : w)));
  return (
    <fieldset>
      <legend>When it is served</legend>
      {windows.length === 0 && <p className="admin-hint">Whenever the restaurant takes orders.</p>}
      {windows.map((window, index) => (
        <fieldset key={index} className="menu-window">
          <legend>Time window {index + 1}</legend>
          <div className="menu-days">
            {WINDOW_DAYS.map((day) => (
              <label key={day} className="admin-choice">
                <input
                  type="checkbox"
                  checked={window.days.includes(day)}
                  onChange={(event) =>
                    change(index, {
                      ...window,
                      days: event.currentTarget.checked
                        ? [...window.days, day]
                        : window.days.filter((other) => other !== day),
                    })
                  }
                />
                {DAY_NAMES[day]}
              </label>
            ))}
          </div>
          <div className="admin-row">
            <label htmlFor={`${ids}-${index}-from`}>
              From
              <input
                id={`${ids}-${index}-from`}
                type="time"
                value={window.from}
                onChange={(event) => change(index, { ...window, from: event.currentTarget.value })}
              />
            </label>
            <label htmlFor={`${ids}-${index}-to`}>
              To
              <input
                id={`${ids}-${index}-to`}
                type="time"
                value={window.to}
                onChange={(event) => change(index, { ...window, to: event.currentTarget.value })}
              />
            </label>
          </div>
          <button type="button" onClick={() => onChange(windows.filter((_, i) => i !== index))}>
            Remove time window {index + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          onChange([
            ...windows,
            { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], from: '11:00', to: '15:00' },
          ])
        }
      >
        Add a time window
      </button>
    </fieldset>
  );
}
