/**
 * The diet filter of /menu/: the printed menu is complete without it; with it, a shopper ticks
 * Vegetarian, Vegan, Gluten-free, Dairy-free or No nuts and only the dishes passing every ticked
 * filter stay listed (each entry names the filters it passes in `data-filters`), categories
 * left empty are hidden, and a status line says how many dishes match. The choice is kept in the
 * address (`?diet=vegan,gluten-free`), so a reload or a shared link shows the same. The status
 * line's words come from the page, in its language (`data-none`, `data-one`, `data-other`).
 */
import { DIET_FILTERS, dietFiltersOf, type DietFilter } from '../../shared/diet.ts';

const form = document.querySelector<HTMLFieldSetElement>('#diet-filter');
if (form) {
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  const status = form.querySelector<HTMLElement>('.filter-count');
  const fromAddress = dietFiltersOf(new URL(window.location.href).searchParams.get('diet')?.split(',') ?? []);
  // A box ticked before this script arrived (the filter shows from the first paint) stays ticked.
  for (const box of boxes) if (fromAddress.includes(box.value as DietFilter)) box.checked = true;

  const apply = () => {
    const chosen = DIET_FILTERS.filter((filter) => boxes.some((box) => box.checked && box.value === filter));
    let shown = 0;
    for (const entry of document.querySelectorAll<HTMLElement>('.entry[data-filters]')) {
      const passes = (entry.dataset.filters ?? '').split(' ');
      entry.hidden = !chosen.every((filter) => passes.includes(filter));
      if (!entry.hidden) shown += 1;
    }
    for (const group of document.querySelectorAll<HTMLElement>('.subcategory, section.category')) {
      const entries = group.querySelectorAll('.entry[data-filters]');
      if (entries.length > 0) group.hidden = [...entries].every((entry) => (entry as HTMLElement).hidden);
    }
    if (status) {
      const { none = '', one = '', other = '', locale = 'en' } = form.dataset;
      const count = new Intl.PluralRules(locale).select(shown) === 'one' ? one : other;
      status.textContent = chosen.length === 0 ? '' : shown === 0 ? none : count.replace('#', String(shown));
    }
    const url = new URL(window.location.href);
    if (chosen.length === 0) url.searchParams.delete('diet');
    else url.searchParams.set('diet', chosen.join(','));
    window.history.replaceState(window.history.state, '', url);
  };
  form.addEventListener('change', apply);
  if (boxes.some((box) => box.checked)) apply();
}
