/**
 * An item's diet and allergen tags as small marks with their words (never a mark alone), and its
 * spice level as a chili with the level's name. Nothing when the menu names none.
 */
import { DIET_LABELS, DIET_MARKS, SPICE_LABELS, type DietInfo } from '../shared/diet.ts';
import { t } from './i18n.ts';

export function DietTags({ item }: { item: DietInfo }) {
  if (item.diet.length === 0 && item.spice_level === 0) return null;
  return (
    <ul className="diet" aria-label={t('common.dietAndAllergens')}>
      {item.diet.map((tag) => (
        <li key={tag} className={`diet-tag diet-${tag}`}>
          <span className="diet-mark" aria-hidden="true">
            {DIET_MARKS[tag]}
          </span>
          {t(DIET_LABELS[tag])}
        </li>
      ))}
      {item.spice_level > 0 && (
        <li className="diet-tag spice">
          <svg className="diet-mark" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M12.5 1.5c-.6.9-.9 1.6-.9 2.4C9 4 7.6 6 6.6 8.3 5.6 10.6 4 12.6 1.5 13.6c3.4 1.6 8.3.4 10.6-3.4 1.3-2.1 1.4-4.3.7-5.9.4-.5 1-.9 1.7-1.1z" />
          </svg>
          {t('common.spicy', { level: t(SPICE_LABELS[item.spice_level] ?? 'common.spice.3') })}
        </li>
      )}
    </ul>
  );
}
