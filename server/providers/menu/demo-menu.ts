import type { DietTag } from '../../../shared/diet.ts';

/**
 * Taquería El Comal's menu as its point-of-sale system would send it: prices are strings in
 * dollars ('4.25'), ids are stable, and modifier groups are shared between items the way a POS
 * shares them. `seedMenuIfEmpty` writes it to the menu tables on a fresh database.
 */

export interface PosModifier {
  id: string;
  name: string;
  /** Dollars as the POS writes them: '1.75'. */
  price: string;
}

export interface PosModifierGroup {
  id: string;
  name: string;
  force_popup: boolean;
  min_required: number;
  max_allowed: number;
  modifiers: PosModifier[];
}

export interface PosMenuItem {
  id: string;
  name: string;
  description: string;
  /** Dollars as the POS writes them: '4.25'. */
  price: string;
  is_special?: boolean;
  photo: string;
  /** Ids of `demoModifierGroups` this item offers, in the order the customer sees them. */
  modifier_groups: string[];
  /** Diet and allergen tags, as the kitchen vouches for them. */
  diet?: DietTag[];
  /** 0 (not spicy) to 3. */
  spice_level?: number;
}

export interface PosSubcategory {
  id: string;
  name: string;
  items: PosMenuItem[];
}

export interface PosCategory {
  id: string;
  name: string;
  /** Items listed under the category itself, before its subcategories. */
  items: PosMenuItem[];
  subcategories: PosSubcategory[];
}

// ---------------------------------------------------------------------------------------------
// Modifier groups

const free = (id: string, name: string): PosModifier => ({ id, name, price: '0.00' });

export const demoModifierGroups: PosModifierGroup[] = [
  {
    id: 'grp-tortilla',
    name: 'Choose a tortilla',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-tortilla-corn', 'Handmade corn'),
      free('mod-tortilla-flour', 'Flour'),
      { id: 'mod-tortilla-blue', name: 'Blue corn (masa azul)', price: '0.50' },
    ],
  },
  {
    id: 'grp-protein',
    name: 'Choose a protein',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-protein-asada', 'Carne asada'),
      free('mod-protein-pastor', 'Al pastor'),
      free('mod-protein-pollo', 'Pollo asado'),
      free('mod-protein-carnitas', 'Carnitas'),
      free('mod-protein-chorizo', 'Chorizo'),
      free('mod-protein-hongos', 'Hongos al ajillo (vegetarian)'),
      { id: 'mod-protein-birria', name: 'Birria de res', price: '1.50' },
      { id: 'mod-protein-lengua', name: 'Lengua', price: '2.00' },
      { id: 'mod-protein-camaron', name: 'Camarón a la diabla', price: '2.50' },
    ],
  },
  {
    id: 'grp-breakfast-filling',
    name: 'Choose a filling',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-breakfast-chorizo', 'Chorizo'),
      free('mod-breakfast-bacon', 'Bacon'),
      free('mod-breakfast-papas', 'Papas con rajas (vegetarian)'),
      { id: 'mod-breakfast-asada', name: 'Carne asada', price: '1.50' },
    ],
  },
  {
    id: 'grp-bowl-base',
    name: 'Choose a base',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-base-arroz', 'Arroz rojo'),
      free('mod-base-cilantro-rice', 'Cilantro-lime rice'),
      free('mod-base-greens', 'Chopped romaine'),
      free('mod-base-half', 'Half rice, half greens'),
    ],
  },
  {
    id: 'grp-beans',
    name: 'Choose your beans',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-beans-black', 'Black beans'),
      free('mod-beans-refried', 'Refried pintos'),
      { id: 'mod-beans-charros', name: 'Frijoles charros', price: '0.50' },
      free('mod-beans-none', 'No beans'),
    ],
  },
  {
    id: 'grp-salsa',
    name: 'Salsas on the side',
    force_popup: false,
    min_required: 0,
    max_allowed: 3,
    modifiers: [
      free('mod-salsa-verde', 'Salsa verde'),
      free('mod-salsa-roja', 'Salsa roja de árbol'),
      free('mod-salsa-habanero', 'Habanero pickled onions'),
      { id: 'mod-salsa-macha', name: 'Salsa macha', price: '0.50' },
    ],
  },
  {
    id: 'grp-extras',
    name: 'Add extras',
    force_popup: false,
    min_required: 0,
    max_allowed: 6,
    modifiers: [
      { id: 'mod-guac', name: 'Guacamole', price: '1.75' },
      { id: 'mod-queso', name: 'Melted Oaxaca cheese', price: '1.25' },
      { id: 'mod-crema', name: 'Crema', price: '0.75' },
      { id: 'mod-cebollitas', name: 'Grilled cebollitas', price: '0.75' },
      { id: 'mod-jalapeno', name: 'Jalapeño toreado', price: '0.50' },
      { id: 'mod-aguacate', name: 'Sliced avocado', price: '1.50' },
    ],
  },
  {
    id: 'grp-hold',
    name: 'Leave off',
    force_popup: false,
    min_required: 0,
    max_allowed: 4,
    modifiers: [
      free('mod-no-onion', 'No onion'),
      free('mod-no-cilantro', 'No cilantro'),
      free('mod-no-salsa', 'No salsa'),
      free('mod-no-cheese', 'No cheese'),
    ],
  },
  {
    id: 'grp-consome',
    name: 'Add consomé',
    force_popup: false,
    min_required: 0,
    max_allowed: 1,
    modifiers: [
      { id: 'mod-consome-cup', name: 'Cup of consomé (8 oz)', price: '2.50' },
      { id: 'mod-consome-bowl', name: 'Bowl of consomé (16 oz)', price: '4.50' },
    ],
  },
  {
    id: 'grp-burrito-style',
    name: 'Make it',
    force_popup: false,
    min_required: 0,
    max_allowed: 1,
    modifiers: [
      { id: 'mod-style-mojado', name: 'Mojado: smothered in salsa roja and melted cheese', price: '3.00' },
      { id: 'mod-style-dorado', name: 'Dorado: crisped on the comal', price: '1.00' },
    ],
  },
  {
    id: 'grp-churro-dip',
    name: 'Dipping sauces',
    force_popup: false,
    min_required: 0,
    max_allowed: 2,
    modifiers: [
      { id: 'mod-dip-cajeta', name: 'Cajeta', price: '0.75' },
      { id: 'mod-dip-chocolate', name: 'Mexican chocolate', price: '0.75' },
    ],
  },
  {
    id: 'grp-drink-size',
    name: 'Choose a size',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-size-regular', 'Regular (16 oz)'),
      { id: 'mod-size-large', name: 'Large (32 oz)', price: '1.75' },
    ],
  },
  {
    id: 'grp-jarritos-flavor',
    name: 'Choose a flavor',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-jarritos-mandarina', 'Mandarina'),
      free('mod-jarritos-tamarindo', 'Tamarindo'),
      free('mod-jarritos-toronja', 'Toronja'),
      free('mod-jarritos-limon', 'Limón'),
      free('mod-jarritos-pina', 'Piña'),
    ],
  },
  {
    id: 'grp-family-proteins',
    name: 'Choose 2 proteins',
    force_popup: true,
    min_required: 2,
    max_allowed: 2,
    modifiers: [
      free('mod-family-asada', 'Carne asada'),
      free('mod-family-pastor', 'Al pastor'),
      free('mod-family-pollo', 'Pollo asado'),
      free('mod-family-carnitas', 'Carnitas'),
      free('mod-family-chorizo', 'Chorizo'),
      free('mod-family-hongos', 'Hongos al ajillo (vegetarian)'),
      { id: 'mod-family-birria', name: 'Birria de res', price: '4.00' },
      { id: 'mod-family-camaron', name: 'Camarón a la diabla', price: '6.00' },
    ],
  },
  {
    id: 'grp-family-agua',
    name: 'Add a gallon of agua fresca',
    force_popup: false,
    min_required: 0,
    max_allowed: 3,
    modifiers: [
      { id: 'mod-gallon-horchata', name: 'Horchata (1 gallon)', price: '14.00' },
      { id: 'mod-gallon-jamaica', name: 'Jamaica (1 gallon)', price: '14.00' },
      { id: 'mod-gallon-tamarindo', name: 'Tamarindo (1 gallon)', price: '14.00' },
    ],
  },
  {
    id: 'grp-box-proteins',
    name: 'Choose up to 3 proteins',
    force_popup: true,
    min_required: 1,
    max_allowed: 3,
    modifiers: [
      free('mod-box-asada', 'Carne asada'),
      free('mod-box-pastor', 'Al pastor'),
      free('mod-box-pollo', 'Pollo asado'),
      free('mod-box-carnitas', 'Carnitas'),
      free('mod-box-chorizo', 'Chorizo'),
      free('mod-box-hongos', 'Hongos al ajillo (vegetarian)'),
      { id: 'mod-box-birria', name: 'Birria de res', price: '5.00' },
      { id: 'mod-box-lengua', name: 'Lengua', price: '6.00' },
    ],
  },
  {
    id: 'grp-box-salsas',
    name: 'Salsas by the pint',
    force_popup: false,
    min_required: 0,
    max_allowed: 4,
    modifiers: [
      free('mod-pint-verde', 'Salsa verde (pint)'),
      free('mod-pint-roja', 'Salsa roja de árbol (pint)'),
      free('mod-pint-habanero', 'Habanero pickled onions (pint)'),
      { id: 'mod-pint-macha', name: 'Salsa macha (half pint)', price: '4.00' },
    ],
  },
  {
    id: 'grp-catering-proteins',
    name: 'Choose 3 proteins',
    force_popup: true,
    min_required: 3,
    max_allowed: 3,
    modifiers: [
      free('mod-catering-asada', 'Carne asada'),
      free('mod-catering-pastor', 'Al pastor'),
      free('mod-catering-pollo', 'Pollo asado'),
      free('mod-catering-carnitas', 'Carnitas'),
      free('mod-catering-chorizo', 'Chorizo'),
      free('mod-catering-hongos', 'Hongos al ajillo (vegetarian)'),
      free('mod-catering-papas', 'Papas con rajas (vegetarian)'),
      { id: 'mod-catering-birria', name: 'Birria de res', price: '20.00' },
      { id: 'mod-catering-camaron', name: 'Camarón a la diabla', price: '30.00' },
    ],
  },
  {
    id: 'grp-catering-setup',
    name: 'Serving setup',
    force_popup: false,
    min_required: 0,
    max_allowed: 2,
    modifiers: [
      { id: 'mod-setup-chafing', name: 'Wire racks and sternos to keep it hot', price: '15.00' },
      { id: 'mod-setup-tableware', name: 'Plates, napkins and cutlery', price: '10.00' },
    ],
  },
  {
    id: 'grp-dispenser-flavor',
    name: 'Choose a flavor',
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-dispenser-horchata', 'Horchata'),
      free('mod-dispenser-jamaica', 'Jamaica'),
      free('mod-dispenser-tamarindo', 'Tamarindo'),
      { id: 'mod-dispenser-temporada', name: 'Agua de temporada', price: '4.00' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Categories and items

const CLASSIC_TACO = ['grp-tortilla', 'grp-salsa', 'grp-extras', 'grp-hold'];
const photo = (name: string) => `/images/menu/${name}.jpg`;

export const demoMenu: PosCategory[] = [
  {
    id: 'tacos',
    name: 'Tacos',
    items: [
      {
        id: 'taco-plate',
        name: 'Plato de Tacos',
        description:
          'Three tacos of the same filling on handmade tortillas, with arroz rojo, your choice of beans and a grilled jalapeño. The plate regulars order without looking.',
        price: '13.95',
        photo: photo('taco-plate'),
        modifier_groups: ['grp-protein', 'grp-tortilla', 'grp-beans', 'grp-salsa', 'grp-extras'],
      },
    ],
    subcategories: [
      {
        id: 'tacos-classic',
        name: 'Classic',
        items: [
          {
            id: 'taco-asada',
            name: 'Taco de Asada',
            description:
              'Citrus-marinated flank steak seared over mesquite, chopped to order and finished with onion, cilantro and salsa verde.',
            price: '4.25',
            photo: photo('asada-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free', 'dairy-free'],
            spice_level: 1,
          },
          {
            id: 'taco-pastor',
            name: 'Taco al Pastor',
            description:
              'Pork in guajillo and achiote, stacked on the trompo and shaved straight onto the tortilla with a sliver of roasted pineapple.',
            price: '4.25',
            is_special: true,
            photo: photo('pastor-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free', 'dairy-free'],
            spice_level: 2,
          },
          {
            id: 'taco-pollo',
            name: 'Taco de Pollo Asado',
            description:
              'Chicken thighs in a garlic and chile-ancho adobo, charred on the grill and topped with pico de gallo.',
            price: '3.95',
            photo: photo('pollo-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free', 'dairy-free'],
            spice_level: 1,
          },
          {
            id: 'taco-carnitas',
            name: 'Taco de Carnitas',
            description:
              'Pork shoulder simmered for hours in its own lard with orange and Mexican Coke, crisped on the comal before it meets the tortilla.',
            price: '4.25',
            photo: photo('carnitas-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free', 'dairy-free'],
          },
          {
            id: 'taco-chorizo',
            name: 'Taco de Chorizo',
            description:
              'Our own red chorizo, made with guajillo and a little cinnamon, with potatoes crisped in its fat.',
            price: '3.95',
            photo: photo('chorizo-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free', 'dairy-free'],
            spice_level: 2,
          },
          {
            id: 'taco-lengua',
            name: 'Taco de Lengua',
            description:
              'Beef tongue braised until it cuts with a spoon, then seared. Tender, rich, and the cook’s favourite.',
            price: '5.25',
            photo: photo('lengua-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free', 'dairy-free'],
          },
          {
            id: 'taco-birria',
            name: 'Quesabirria',
            description:
              'A tortilla dipped in the birria fat, griddled with Oaxaca cheese and stuffed with beef birria. Best dunked in the consomé.',
            price: '5.50',
            is_special: true,
            photo: photo('quesabirria-taco'),
            modifier_groups: ['grp-consome', 'grp-salsa', 'grp-extras'],
            diet: ['gluten-free'],
            spice_level: 1,
          },
        ],
      },
      {
        id: 'tacos-vegetarian',
        name: 'Vegetarian',
        items: [
          {
            id: 'taco-hongos',
            name: 'Taco de Hongos',
            description:
              'Oyster and cremini mushrooms sautéed with garlic, guajillo and epazote, finished with queso fresco.',
            price: '4.25',
            photo: photo('hongos-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['vegetarian', 'gluten-free'],
          },
          {
            id: 'taco-nopales',
            name: 'Taco de Nopales',
            description:
              'Grilled cactus paddles with tomato, white onion and a squeeze of lime. Bright, green and a little tangy.',
            price: '3.75',
            photo: photo('nopales-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'taco-papa',
            name: 'Taco de Papa con Rajas',
            description:
              'Golden potatoes with roasted poblano strips and a spoon of crema. Comfort food from the Mexico City markets.',
            price: '3.75',
            photo: photo('papa-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['vegetarian', 'gluten-free'],
            spice_level: 1,
          },
          {
            id: 'taco-coliflor',
            name: 'Coliflor al Pastor',
            description:
              'Cauliflower roasted in our al pastor adobo with charred pineapple and pickled red onion. Vegan as it comes.',
            price: '4.50',
            photo: photo('coliflor-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
            spice_level: 2,
          },
        ],
      },
      {
        id: 'tacos-seafood',
        name: 'Seafood',
        items: [
          {
            id: 'taco-pescado',
            name: 'Taco de Pescado',
            description:
              'Beer-battered rockfish, Ensenada style, with cabbage, crema and chipotle mayo on a warm tortilla.',
            price: '4.95',
            photo: photo('pescado-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['dairy-free'],
          },
          {
            id: 'taco-camaron',
            name: 'Taco de Camarón',
            description:
              'Shrimp sautéed a la diabla in chile de árbol and butter, with avocado salsa and shredded cabbage.',
            price: '5.25',
            photo: photo('camaron-taco'),
            modifier_groups: CLASSIC_TACO,
            diet: ['gluten-free'],
            spice_level: 3,
          },
        ],
      },
    ],
  },
  {
    id: 'burritos',
    name: 'Burritos',
    items: [
      {
        id: 'burrito-clasico',
        name: 'Burrito Clásico',
        description:
          'A 13-inch flour tortilla wrapped around your choice of meat, arroz rojo, beans, onion, cilantro and salsa. Heavy in the best way.',
        price: '11.50',
        photo: photo('burrito-clasico'),
        modifier_groups: ['grp-protein', 'grp-beans', 'grp-burrito-style', 'grp-extras', 'grp-hold'],
      },
      {
        id: 'burrito-california',
        name: 'California Burrito',
        description: 'San Diego’s gift to the world: carne asada, crisp fries, cheddar, pico de gallo and guacamole.',
        price: '13.25',
        photo: photo('california-burrito'),
        modifier_groups: ['grp-burrito-style', 'grp-salsa', 'grp-extras', 'grp-hold'],
      },
      {
        id: 'burrito-breakfast',
        name: 'Breakfast Burrito',
        description:
          'Scrambled eggs, crispy potatoes, cheddar and salsa roja with your choice of filling. Served until 2 pm.',
        price: '10.50',
        photo: photo('breakfast-burrito'),
        modifier_groups: ['grp-breakfast-filling', 'grp-salsa', 'grp-extras'],
      },
      {
        id: 'burrito-bean-cheese',
        name: 'Bean & Cheese Burrito',
        description: 'Refried pintos cooked with lard and a blanket of melted cheddar. Simple, cheap, perfect.',
        price: '7.95',
        photo: photo('bean-cheese-burrito'),
        modifier_groups: ['grp-burrito-style', 'grp-extras'],
      },
      {
        id: 'burrito-birria',
        name: 'Burrito de Birria',
        description:
          'Beef birria, Oaxaca cheese, rice and onion, griddled until the tortilla crackles, with a cup of consomé for dipping.',
        price: '14.50',
        is_special: true,
        photo: photo('birria-burrito'),
        modifier_groups: ['grp-consome', 'grp-burrito-style', 'grp-extras'],
      },
      {
        id: 'burrito-verde',
        name: 'Burrito Verde',
        description:
          'Grilled calabacitas, poblano rajas, corn and black beans with cilantro-lime rice and salsa verde. Vegetarian.',
        price: '10.95',
        photo: photo('burrito-verde'),
        modifier_groups: ['grp-beans', 'grp-burrito-style', 'grp-extras', 'grp-hold'],
        diet: ['vegetarian'],
        spice_level: 1,
      },
    ],
    subcategories: [],
  },
  {
    id: 'bowls',
    name: 'Bowls',
    items: [
      {
        id: 'bowl-comal',
        name: 'Comal Bowl',
        description:
          'Everything you love in a burrito without the tortilla: your protein over rice and beans with pico, crema and cotija.',
        price: '12.50',
        photo: photo('comal-bowl'),
        modifier_groups: ['grp-protein', 'grp-bowl-base', 'grp-beans', 'grp-extras', 'grp-hold'],
      },
      {
        id: 'bowl-ensalada',
        name: 'Ensalada Bowl',
        description:
          'Chopped romaine, black beans, corn, radish, avocado and pepitas with a lime-chipotle dressing and your protein.',
        price: '11.95',
        photo: photo('ensalada-bowl'),
        modifier_groups: ['grp-protein', 'grp-extras', 'grp-hold'],
        diet: ['gluten-free', 'contains-nuts'],
        spice_level: 1,
      },
      {
        id: 'bowl-veggie',
        name: 'Vegetarian Bowl',
        description:
          'Hongos al ajillo, grilled nopales and calabacitas over your choice of base, with beans and salsa verde.',
        price: '11.50',
        photo: photo('veggie-bowl'),
        modifier_groups: ['grp-bowl-base', 'grp-beans', 'grp-extras'],
        diet: ['vegetarian', 'gluten-free'],
      },
      {
        id: 'bowl-pozole',
        name: 'Pozole Rojo',
        description:
          'A weekend tradition: pork and hominy in a deep red guajillo broth, with cabbage, radish, oregano, lime and tostadas on the side.',
        price: '13.50',
        is_special: true,
        photo: photo('pozole-rojo'),
        modifier_groups: [],
        diet: ['gluten-free', 'dairy-free'],
        spice_level: 2,
      },
    ],
    subcategories: [],
  },
  {
    id: 'sides',
    name: 'Sides',
    items: [
      {
        id: 'side-chips-salsa',
        name: 'Chips & Salsa',
        description: 'Tortilla chips fried every morning with a cup of salsa roja and a cup of salsa verde.',
        price: '3.50',
        photo: photo('chips-salsa'),
        modifier_groups: [],
        diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
        spice_level: 1,
      },
      {
        id: 'side-chips-guac',
        name: 'Chips & Guacamole',
        description: 'Hass avocados mashed to order with serrano, onion, cilantro and lime, and a pile of warm chips.',
        price: '7.25',
        photo: photo('chips-guacamole'),
        modifier_groups: [],
        diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
        spice_level: 1,
      },
      {
        id: 'side-elote',
        name: 'Elote',
        description:
          'Grilled corn on the cob rolled in mayo, cotija, chile piquín and lime, the way the street carts make it.',
        price: '4.95',
        photo: photo('elote'),
        modifier_groups: [],
        diet: ['vegetarian', 'gluten-free'],
        spice_level: 1,
      },
      {
        id: 'side-arroz',
        name: 'Arroz Rojo',
        description: 'Rice toasted then simmered in tomato, garlic and chicken broth, with peas and carrots.',
        price: '3.25',
        photo: photo('arroz-rojo'),
        modifier_groups: [],
      },
      {
        id: 'side-charros',
        name: 'Frijoles Charros',
        description: 'Pinto beans slow-cooked with bacon, chorizo, tomato and jalapeño. A meal on their own.',
        price: '3.50',
        photo: photo('frijoles-charros'),
        modifier_groups: [],
      },
      {
        id: 'side-quesadilla',
        name: 'Quesadilla de Oaxaca',
        description:
          'Stretchy Oaxaca cheese folded in a handmade corn tortilla and toasted on the comal until it blisters.',
        price: '6.95',
        photo: photo('quesadilla'),
        modifier_groups: ['grp-extras'],
        diet: ['vegetarian', 'gluten-free'],
      },
      {
        id: 'side-churros',
        name: 'Churros',
        description: 'Four churros fried to order and rolled in cinnamon sugar. Add a dip and thank us later.',
        price: '4.50',
        photo: photo('churros'),
        modifier_groups: ['grp-churro-dip'],
        diet: ['vegetarian'],
      },
    ],
    subcategories: [],
  },
  {
    id: 'drinks',
    name: 'Drinks',
    items: [],
    subcategories: [
      {
        id: 'drinks-aguas-frescas',
        name: 'Aguas Frescas',
        items: [
          {
            id: 'drink-horchata',
            name: 'Horchata',
            description: 'Rice soaked overnight with cinnamon and vanilla, blended smooth and served over ice.',
            price: '3.75',
            photo: photo('horchata'),
            modifier_groups: ['grp-drink-size'],
            diet: ['vegetarian', 'gluten-free'],
          },
          {
            id: 'drink-jamaica',
            name: 'Jamaica',
            description: 'Hibiscus flowers steeped with a little ginger. Tart, ruby red and very refreshing.',
            price: '3.75',
            photo: photo('jamaica'),
            modifier_groups: ['grp-drink-size'],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-tamarindo',
            name: 'Tamarindo',
            description: 'Sweet and sour tamarind pods simmered and strained by hand.',
            price: '3.75',
            photo: photo('tamarindo'),
            modifier_groups: ['grp-drink-size'],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-temporada',
            name: 'Agua de Temporada',
            description:
              'Whatever fruit is best at the market this week: watermelon, mango with chile, or cucumber-lime.',
            price: '4.25',
            is_special: true,
            photo: photo('agua-de-temporada'),
            modifier_groups: ['grp-drink-size'],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
        ],
      },
      {
        id: 'drinks-sodas',
        name: 'Sodas',
        items: [
          {
            id: 'drink-mexican-coke',
            name: 'Mexican Coca-Cola',
            description: 'The glass bottle, made with cane sugar.',
            price: '3.50',
            photo: photo('mexican-coke'),
            modifier_groups: [],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-jarritos',
            name: 'Jarritos',
            description: 'Mexico’s favourite fruit sodas, naturally flavored and sweetened with cane sugar.',
            price: '3.00',
            photo: photo('jarritos'),
            modifier_groups: ['grp-jarritos-flavor'],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-sidral',
            name: 'Sidral Mundet',
            description: 'Crisp apple soda from Mexico City, a classic with tacos.',
            price: '3.00',
            photo: photo('sidral-mundet'),
            modifier_groups: [],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-topo-chico',
            name: 'Topo Chico',
            description: 'Sparkling mineral water from Monterrey. Add lime and salt for a Mexican Sprite.',
            price: '3.25',
            photo: photo('topo-chico'),
            modifier_groups: [],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
        ],
      },
    ],
  },
  {
    id: 'family-meals',
    name: 'Family Meals',
    items: [
      {
        id: 'family-taco-night',
        name: 'Taco Night for 4',
        description:
          'Two pounds of meat in two fillings, 20 handmade tortillas, rice, beans, chips, salsas, onion, cilantro and limes. Dinner is served.',
        price: '49.95',
        photo: photo('family-taco-night'),
        modifier_groups: ['grp-family-proteins', 'grp-family-agua'],
      },
      {
        id: 'family-burrito-pack',
        name: 'Burrito Pack for 4',
        description: 'Four Burritos Clásicos in two fillings, a big bag of chips, guacamole and salsa roja.',
        price: '54.95',
        photo: photo('family-burrito-pack'),
        modifier_groups: ['grp-family-proteins', 'grp-family-agua'],
      },
      {
        id: 'family-fiesta',
        name: 'Fiesta Familiar for 6',
        description:
          'Three pounds of meat in two fillings, 30 tortillas, a tray of rice and frijoles charros, elotes for everyone and a dozen churros.',
        price: '79.95',
        photo: photo('family-fiesta'),
        modifier_groups: ['grp-family-proteins', 'grp-family-agua'],
      },
    ],
    subcategories: [],
  },
  {
    id: 'taco-boxes',
    name: 'Taco Boxes',
    items: [
      {
        id: 'box-12',
        name: 'Taco Box (12 tacos)',
        description:
          'A dozen tacos packed to travel in up to three fillings, with onion, cilantro, limes and two salsas.',
        price: '39.00',
        photo: photo('taco-box-12'),
        modifier_groups: ['grp-box-proteins', 'grp-tortilla', 'grp-box-salsas'],
      },
      {
        id: 'box-24',
        name: 'Taco Box (24 tacos)',
        description: 'Two dozen tacos for the office or the game, in up to three fillings, with all the fixings.',
        price: '74.00',
        photo: photo('taco-box-24'),
        modifier_groups: ['grp-box-proteins', 'grp-tortilla', 'grp-box-salsas'],
      },
      {
        id: 'box-birria',
        name: 'Birria Box',
        description: 'Ten quesabirrias and a quart of consomé with onion, cilantro and limes. Dunk, sip, repeat.',
        price: '44.00',
        is_special: true,
        photo: photo('birria-box'),
        modifier_groups: ['grp-box-salsas'],
      },
    ],
    subcategories: [],
  },
  {
    id: 'catering',
    name: 'Catering',
    items: [
      {
        id: 'catering-taco-bar-10',
        name: 'Taco Bar for 10',
        description:
          'Three fillings, 40 handmade tortillas, rice, beans, chips, salsas and all the toppings, set up so everyone builds their own.',
        price: '159.00',
        photo: photo('taco-bar-10'),
        modifier_groups: ['grp-catering-proteins', 'grp-catering-setup'],
      },
      {
        id: 'catering-taco-bar-25',
        name: 'Taco Bar for 25',
        description: 'The same spread for a bigger crowd: 100 tortillas and trays of rice, beans, chips and salsas.',
        price: '379.00',
        photo: photo('taco-bar-25'),
        modifier_groups: ['grp-catering-proteins', 'grp-catering-setup'],
      },
      {
        id: 'catering-burrito-platter',
        name: 'Mini Burrito Platter',
        description:
          'Twenty half-size burritos in three fillings, cut and wrapped for easy grabbing, with salsa on the side.',
        price: '95.00',
        photo: photo('mini-burrito-platter'),
        modifier_groups: ['grp-catering-proteins', 'grp-catering-setup'],
      },
      {
        id: 'catering-agua-dispenser',
        name: 'Agua Fresca Dispenser (2 gallons)',
        description: 'Two gallons of agua fresca in a pour-spout dispenser with cups and ice. Serves about 20.',
        price: '32.00',
        photo: photo('agua-dispenser'),
        modifier_groups: ['grp-dispenser-flavor'],
        diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
      },
      {
        id: 'catering-chips-guac',
        name: 'Chips, Salsa & Guac for 10',
        description: 'A tray of fresh chips with a quart of guacamole and pints of salsa roja and verde.',
        price: '45.00',
        photo: photo('catering-chips-guac'),
        modifier_groups: ['grp-catering-setup'],
        diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
        spice_level: 1,
      },
    ],
    subcategories: [],
  },
];
