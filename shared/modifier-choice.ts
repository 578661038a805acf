/**
 * The rules of choosing an item's modifiers: each group allows between
 * min_required (default 0) and max_allowed (default 99) choices. A group that allows one works
 * as radio buttons (a new choice replaces the old); others as checkboxes that stop at the max.
 * Pure, so the item dialog and its tests share them.
 */
import type { Translate } from './i18n/message.ts';
import type { Modifier, ModifierGroup } from './menu.ts';

/** The chosen modifier ids of each group, by group id. */
export type ModifierChoice = Readonly<Record<string, readonly string[]>>;

export const noChoice: ModifierChoice = Object.freeze({});

/** Whether a group is one choice (radio buttons) rather than several (checkboxes). */
export function isSingleChoice(group: Pick<ModifierGroup, 'max_allowed'>): boolean {
  return group.max_allowed <= 1;
}

export function chosenIn(choice: ModifierChoice, group: Pick<ModifierGroup, 'id'>): readonly string[] {
  return choice[group.id] ?? [];
}

/**
 * Choosing (or unchoosing) one modifier of a group. In a one-choice group the new choice
 * replaces the old; elsewhere a chosen modifier is taken back, and a new one is refused once the
 * group holds max_allowed.
 */
export function toggleModifier(choice: ModifierChoice, group: ModifierGroup, modifierId: string): ModifierChoice {
  if (!group.modifiers.some((m) => m.id === modifierId)) return choice;
  const chosen = chosenIn(choice, group);
  let next: readonly string[];
  if (isSingleChoice(group)) next = [modifierId];
  else if (chosen.includes(modifierId)) next = chosen.filter((id) => id !== modifierId);
  else if (chosen.length >= group.max_allowed) return choice;
  else next = [...chosen, modifierId];
  return { ...choice, [group.id]: next };
}

/** Whether the group holds as many choices as it allows (so the other checkboxes are disabled). */
export function isAtMax(choice: ModifierChoice, group: ModifierGroup): boolean {
  return chosenIn(choice, group).length >= group.max_allowed;
}

/** How many more choices the group needs before the item can be added. */
export function stillRequired(choice: ModifierChoice, group: ModifierGroup): number {
  return Math.max(0, group.min_required - chosenIn(choice, group).length);
}

/** Whether every group has its minimum and none is over its maximum. */
export function isChoiceComplete(choice: ModifierChoice, groups: readonly ModifierGroup[]): boolean {
  return groups.every((g) => stillRequired(choice, g) === 0 && chosenIn(choice, g).length <= g.max_allowed);
}

/**
 * A group whose name already asks ('Choose a protein', 'Pick 2 salsas', 'Add extras'; in Spanish
 * 'Elige una proteína', 'Agrega extras').
 */
const ASKING_NAME = /^(choose|pick|select|add|elige|escoge|selecciona|agrega|añade)\b/i;

/** One group's sentence: 'Choose 1 more for Tortilla.', 'Choose a protein.', 'Choose 2 proteins: 1 more.' */
function stillRequiredSentence(group: ModifierGroup, n: number, t: Translate): string {
  const name = group.name.trim().replace(/[.:!]+$/, '');
  if (!ASKING_NAME.test(name)) return t('item.chooseMoreFor', { count: n, name });
  return n === group.min_required ? `${name}.` : t('item.moreToChoose', { count: n, name });
}

/** What is still required, one sentence a group: 'Choose 1 more for Tortilla.' ('' when nothing). */
export function requiredMessage(choice: ModifierChoice, groups: readonly ModifierGroup[], t: Translate): string {
  return groups
    .map((g) => [g, stillRequired(choice, g)] as const)
    .filter(([, n]) => n > 0)
    .map(([g, n]) => stillRequiredSentence(g, n, t))
    .join(' ');
}

/** The group's rule in words: 'Choose 1', 'Choose up to 3' (at most the
 * number of modifiers), 'Choose at least 2', 'Choose 2 to 3'. */
export function groupRule(group: ModifierGroup, t: Translate): string {
  const { min_required: min, max_allowed: max } = group;
  if (max <= 1) return t('item.rule.one');
  if (min === max) return t('item.rule.exactly', { min });
  if (min === 0) return t('item.rule.upTo', { max: Math.min(max, group.modifiers.length) });
  if (max >= group.modifiers.length) return t('item.rule.atLeast', { min });
  return t('item.rule.range', { min, max });
}

/** The chosen modifiers as the cart keeps them, in the menu's order of groups and modifiers. */
export function chosenModifiers(choice: ModifierChoice, groups: readonly ModifierGroup[]): Modifier[] {
  return groups.flatMap((g) => {
    const chosen = chosenIn(choice, g);
    return g.modifiers.filter((m) => chosen.includes(m.id)).map(({ id, name, price }) => ({ id, name, price }));
  });
}
