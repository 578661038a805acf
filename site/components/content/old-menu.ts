/**
 * The menu and prices as they were before the current menu (the printed menu of spring 2026),
 * kept for /oldmenu/ because old flyers and links still point there. Prices in integer cents.
 * Not used for ordering: the current menu comes from the point-of-sale system. (It lives here and
 * not in site/data/ because .gitignore's `data/` pattern, meant for the database directory,
 * would keep site/data/ out of the repository.)
 */
export interface OldMenuItem {
  name: string;
  description?: string;
  priceCents: number;
}

export interface OldMenuSection {
  name: string;
  items: OldMenuItem[];
}

export const oldMenu = {
  /** When this menu stopped being served. */
  retired: 'Fall 2026',
  sections: [
    {
      name: 'Tacos',
      items: [
        { name: 'Taco de Asada', description: 'Grilled steak, onion, cilantro, salsa verde.', priceCents: 375 },
        { name: 'Taco al Pastor', description: 'Marinated pork from the trompo with pineapple.', priceCents: 375 },
        { name: 'Taco de Pollo', description: 'Grilled chicken with pico de gallo.', priceCents: 350 },
        { name: 'Taco de Carnitas', description: 'Slow-cooked pork, crisped on the comal.', priceCents: 375 },
        { name: 'Taco de Chorizo', description: 'House chorizo with potatoes.', priceCents: 350 },
        { name: 'Taco de Lengua', description: 'Braised beef tongue.', priceCents: 475 },
        { name: 'Taco de Pescado', description: 'Beer-battered fish, cabbage, chipotle crema.', priceCents: 450 },
        { name: 'Taco de Papa', description: 'Potato and poblano, vegetarian.', priceCents: 325 },
      ],
    },
    {
      name: 'Burritos',
      items: [
        {
          name: 'Burrito Clásico',
          description: 'Your choice of meat, rice, beans, onion, cilantro, salsa.',
          priceCents: 1050,
        },
        { name: 'California Burrito', description: 'Carne asada, fries, cheese, pico, guacamole.', priceCents: 1195 },
        {
          name: 'Breakfast Burrito',
          description: 'Eggs, potatoes, cheese, chorizo or bacon. Until 11 am.',
          priceCents: 950,
        },
        { name: 'Bean & Cheese Burrito', priceCents: 695 },
      ],
    },
    {
      name: 'Plates and bowls',
      items: [
        { name: 'Plato de Tacos', description: 'Three tacos with rice and beans.', priceCents: 1250 },
        { name: 'Comal Bowl', description: 'Rice, beans, your choice of meat, pico, crema, cotija.', priceCents: 1150 },
        {
          name: 'Enchiladas Verdes',
          description: 'Three chicken enchiladas in salsa verde, with rice and beans.',
          priceCents: 1295,
        },
      ],
    },
    {
      name: 'Sides and drinks',
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
} satisfies { retired: string; sections: OldMenuSection[] };
