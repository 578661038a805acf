/**
 * The shopper's diet filters: one checkbox each (Vegetarian, Vegan, Gluten-free, Dairy-free, No
 * nuts); with any on, only the items that pass every one are listed, and a status line says how
 * many.
 */
import { DIET_FILTER_LABELS, DIET_FILTERS, type DietFilter } from '../shared/diet.ts';
import { t } from './i18n.ts';

interface Props {
  chosen: readonly DietFilter[];
  onChange: (chosen: DietFilter[]) => void;
  /** How many items pass the chosen filters (and the search). */
  matching: number;
}

export function DietFilterBar({ chosen, onChange, matching }: Props) {
  const toggle = (filter: DietFilter, on: boolean) =>
    onChange(DIET_FILTERS.filter((f) => (f === filter ? on : chosen.includes(f))));
  return (
    <fieldset className="diet-filter">
      <legend>{t('menu.dietaryNeeds')}</legend>
      <div className="diet-choices">
        {DIET_FILTERS.map((filter) => (
          <label key={filter} className="diet-choice">
            <input
              type="checkbox"
              checked={chosen.includes(filter)}
              onChange={(event) => toggle(filter, event.currentTarget.checked)}
            />
            {t(DIET_FILTER_LABELS[filter])}
          </label>
        ))}
      </div>
      <p className="filter-count" role="status">
        {chosen.length === 0 ? '' : t('menu.itemsMatch', { count: matching })}
      </p>
    </fieldset>
  );
}
