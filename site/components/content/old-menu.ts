/**
 * The menu and prices as they were before the current menu (the printed menu of spring 2026),
 * kept for /oldmenu/ because old flyers and links still point there. Prices in integer cents.
 * Not used for ordering: the current menu comes from the point-of-sale system. (It lives here and
 * not in site/data/ because .gitignore's `data/` pattern, meant for the database directory,
 * would keep site/data/ out of the repository.)
 */
import type { MessageId } from '../../../shared/i18n/message.ts';

/** Dish names stay as the menu printed them; descriptions and section names are messages. */
export interface OldMenuItem {
  name: string;
  description?: MessageId;
  priceCents: number;
}

export interface OldMenuSection {
  /** The section's element id on the page, after 'old-'. */
  id: string;
  name: MessageId;
  items: OldMenuItem[];
}

export const oldMenu = {
  /** When this menu stopped being served ('Fall 2026'). */
  retired: 'site.oldMenu.retired',
  sections: [
    {
      id: 'tacos',
      name: 'site.oldMenu.tacos',
      items: [
        { name: 'Taco de Asada', description: 'site.oldMenu.asada', priceCents: 375 },
        { name: 'Taco al Pastor', description: 'site.oldMenu.pastor', priceCents: 375 },
        { name: 'Taco de Pollo', description: 'site.oldMenu.pollo', priceCents: 350 },
        { name: 'Taco de Carnitas', description: 'site.oldMenu.carnitas', priceCents: 375 },
        { name: 'Taco de Chorizo', description: 'site.oldMenu.chorizo', priceCents: 350 },
        { name: 'Taco de Lengua', description: 'site.oldMenu.lengua', priceCents: 475 },
        { name: 'Taco de Pescado', description: 'site.oldMenu.pescado', priceCents: 450 },
        { name: 'Taco de Papa', description: 'site.oldMenu.papa', priceCents: 325 },
      ],
    },
    {
      id: 'burritos',
      name: 'site.oldMenu.burritos',
      items: [
        {
          name: 'Burrito Clásico',
          description: 'site.oldMenu.clasico',
          priceCents: 1050,
        },
        { name: 'California Burrito', description: 'site.oldMenu.california', priceCents: 1195 },
        {
          name: 'Breakfast Burrito',
          description: 'site.oldMenu.breakfast',
          priceCents: 950,
        },
        { name: 'Bean & Cheese Burrito', priceCents: 695 },
      ],
    },
    {
      id: 'plates-and-bowls',
      name: 'site.oldMenu.plates',
      items: [
        { name: 'Plato de Tacos', description: 'site.oldMenu.platoTacos', priceCents: 1250 },
        { name: 'Comal Bowl', description: 'site.oldMenu.comalBowl', priceCents: 1150 },
        {
          name: 'Enchiladas Verdes',
          description: 'site.oldMenu.enchiladas',
          priceCents: 1295,
        },
      ],
    },
    {
      id: 'sides-and-drinks',
      name: 'site.oldMenu.sides',
      items: [
        { name: 'Chips & Salsa', priceCents: 300 },
        { name: 'Chips & Guacamole', priceCents: 650 },
        { name: 'Elote', priceCents: 450 },
        { name: 'Horchata, Jamaica or Tamarindo (16 oz)', priceCents: 325 },
        { name: 'Mexican Coca-Cola', priceCents: 300 },
        { name: 'Jarritos', priceCents: 275 },
      ],
    },
  ],
} satisfies { retired: MessageId; sections: OldMenuSection[] };
