import type { DietTag } from '../../../shared/diet.ts';

/**
 * Taquería El Comal's menu as its point-of-sale system would send it: prices are strings in
 * dollars ('4.25'), ids are stable, and modifier groups are shared between items the way a POS
 * shares them. `seedMenuIfEmpty` writes it to the menu tables on a fresh database.
 *
 * Every item, category and subcategory also carries its Spanish words (`es`), as a Mexican menu
 * in the US writes them: dish names stay as the kitchen says them (Taco de Asada, Quesabirria),
 * the rest reads in Mexican Spanish. Modifier groups and modifiers carry a Spanish name too:
 * a group that asks starts with "Elige" or "Agrega" (shared/modifier-choice.ts knows those verbs),
 * and dish words (Carne asada, Al pastor) stay as a Mexican menu writes them.
 */

/** An entry's name, and for an item its description, in Spanish. */
export interface PosSpanish {
  name: string;
  description?: string;
}

export interface PosModifier {
  id: string;
  name: string;
  /** The name in Spanish. */
  es: Pick<PosSpanish, 'name'>;
  /** Dollars as the POS writes them: '1.75'. */
  price: string;
}

export interface PosModifierGroup {
  id: string;
  name: string;
  /** The name in Spanish: one that asks starts with "Elige" or "Agrega". */
  es: Pick<PosSpanish, 'name'>;
  force_popup: boolean;
  min_required: number;
  max_allowed: number;
  modifiers: PosModifier[];
}

export interface PosMenuItem {
  id: string;
  name: string;
  description: string;
  /** The name and description in Spanish; the English above stays the item's own. */
  es: Required<PosSpanish>;
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
  /** The name in Spanish. */
  es: Pick<PosSpanish, 'name'>;
  items: PosMenuItem[];
}

export interface PosCategory {
  id: string;
  name: string;
  /** The name in Spanish. */
  es: Pick<PosSpanish, 'name'>;
  /** Items listed under the category itself, before its subcategories. */
  items: PosMenuItem[];
  subcategories: PosSubcategory[];
}

// ---------------------------------------------------------------------------------------------
// Modifier groups

/** A modifier at no extra charge: its id, English name and Spanish name. */
const free = (id: string, name: string, es: string): PosModifier => ({ id, name, es: { name: es }, price: '0.00' });

export const demoModifierGroups: PosModifierGroup[] = [
  {
    id: 'grp-tortilla',
    name: 'Choose a tortilla',
    es: { name: 'Elige una tortilla' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-tortilla-corn', 'Handmade corn', 'De maíz, hecha a mano'),
      free('mod-tortilla-flour', 'Flour', 'De harina'),
      { id: 'mod-tortilla-blue', name: 'Blue corn (masa azul)', es: { name: 'De maíz azul' }, price: '0.50' },
    ],
  },
  {
    id: 'grp-protein',
    name: 'Choose a protein',
    es: { name: 'Elige una proteína' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-protein-asada', 'Carne asada', 'Carne asada'),
      free('mod-protein-pastor', 'Al pastor', 'Al pastor'),
      free('mod-protein-pollo', 'Pollo asado', 'Pollo asado'),
      free('mod-protein-carnitas', 'Carnitas', 'Carnitas'),
      free('mod-protein-chorizo', 'Chorizo', 'Chorizo'),
      free('mod-protein-hongos', 'Hongos al ajillo (vegetarian)', 'Hongos al ajillo (vegetariano)'),
      { id: 'mod-protein-birria', name: 'Birria de res', es: { name: 'Birria de res' }, price: '1.50' },
      { id: 'mod-protein-lengua', name: 'Lengua', es: { name: 'Lengua' }, price: '2.00' },
      { id: 'mod-protein-camaron', name: 'Camarón a la diabla', es: { name: 'Camarón a la diabla' }, price: '2.50' },
    ],
  },
  {
    id: 'grp-breakfast-filling',
    name: 'Choose a filling',
    es: { name: 'Elige un relleno' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-breakfast-chorizo', 'Chorizo', 'Chorizo'),
      free('mod-breakfast-bacon', 'Bacon', 'Tocino'),
      free('mod-breakfast-papas', 'Papas con rajas (vegetarian)', 'Papas con rajas (vegetariano)'),
      { id: 'mod-breakfast-asada', name: 'Carne asada', es: { name: 'Carne asada' }, price: '1.50' },
    ],
  },
  {
    id: 'grp-bowl-base',
    name: 'Choose a base',
    es: { name: 'Elige una base' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-base-arroz', 'Arroz rojo', 'Arroz rojo'),
      free('mod-base-cilantro-rice', 'Cilantro-lime rice', 'Arroz con cilantro y limón'),
      free('mod-base-greens', 'Chopped romaine', 'Lechuga romana picada'),
      free('mod-base-half', 'Half rice, half greens', 'Mitad arroz, mitad lechuga'),
    ],
  },
  {
    id: 'grp-beans',
    name: 'Choose your beans',
    es: { name: 'Elige tus frijoles' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-beans-black', 'Black beans', 'Frijoles negros'),
      free('mod-beans-refried', 'Refried pintos', 'Frijoles pintos refritos'),
      { id: 'mod-beans-charros', name: 'Frijoles charros', es: { name: 'Frijoles charros' }, price: '0.50' },
      free('mod-beans-none', 'No beans', 'Sin frijoles'),
    ],
  },
  {
    id: 'grp-salsa',
    name: 'Salsas on the side',
    es: { name: 'Salsas aparte' },
    force_popup: false,
    min_required: 0,
    max_allowed: 3,
    modifiers: [
      free('mod-salsa-verde', 'Salsa verde', 'Salsa verde'),
      free('mod-salsa-roja', 'Salsa roja de árbol', 'Salsa roja de árbol'),
      free('mod-salsa-habanero', 'Habanero pickled onions', 'Cebolla curtida con habanero'),
      { id: 'mod-salsa-macha', name: 'Salsa macha', es: { name: 'Salsa macha' }, price: '0.50' },
    ],
  },
  {
    id: 'grp-extras',
    name: 'Add extras',
    es: { name: 'Agrega extras' },
    force_popup: false,
    min_required: 0,
    max_allowed: 6,
    modifiers: [
      { id: 'mod-guac', name: 'Guacamole', es: { name: 'Guacamole' }, price: '1.75' },
      { id: 'mod-queso', name: 'Melted Oaxaca cheese', es: { name: 'Queso Oaxaca derretido' }, price: '1.25' },
      { id: 'mod-crema', name: 'Crema', es: { name: 'Crema' }, price: '0.75' },
      { id: 'mod-cebollitas', name: 'Grilled cebollitas', es: { name: 'Cebollitas asadas' }, price: '0.75' },
      { id: 'mod-jalapeno', name: 'Jalapeño toreado', es: { name: 'Jalapeño toreado' }, price: '0.50' },
      { id: 'mod-aguacate', name: 'Sliced avocado', es: { name: 'Aguacate en rebanadas' }, price: '1.50' },
    ],
  },
  {
    id: 'grp-hold',
    name: 'Leave off',
    es: { name: 'Quítale' },
    force_popup: false,
    min_required: 0,
    max_allowed: 4,
    modifiers: [
      free('mod-no-onion', 'No onion', 'Sin cebolla'),
      free('mod-no-cilantro', 'No cilantro', 'Sin cilantro'),
      free('mod-no-salsa', 'No salsa', 'Sin salsa'),
      free('mod-no-cheese', 'No cheese', 'Sin queso'),
    ],
  },
  {
    id: 'grp-consome',
    name: 'Add consomé',
    es: { name: 'Agrega consomé' },
    force_popup: false,
    min_required: 0,
    max_allowed: 1,
    modifiers: [
      { id: 'mod-consome-cup', name: 'Cup of consomé (8 oz)', es: { name: 'Vasito de consomé (8 oz)' }, price: '2.50' },
      {
        id: 'mod-consome-bowl',
        name: 'Bowl of consomé (16 oz)',
        es: { name: 'Tazón de consomé (16 oz)' },
        price: '4.50',
      },
    ],
  },
  {
    id: 'grp-burrito-style',
    name: 'Make it',
    es: { name: 'Pídelo' },
    force_popup: false,
    min_required: 0,
    max_allowed: 1,
    modifiers: [
      {
        id: 'mod-style-mojado',
        name: 'Mojado: smothered in salsa roja and melted cheese',
        es: { name: 'Mojado: bañado en salsa roja y queso derretido' },
        price: '3.00',
      },
      {
        id: 'mod-style-dorado',
        name: 'Dorado: crisped on the comal',
        es: { name: 'Dorado: tostadito en el comal' },
        price: '1.00',
      },
    ],
  },
  {
    id: 'grp-churro-dip',
    name: 'Dipping sauces',
    es: { name: 'Salsas para mojar' },
    force_popup: false,
    min_required: 0,
    max_allowed: 2,
    modifiers: [
      { id: 'mod-dip-cajeta', name: 'Cajeta', es: { name: 'Cajeta' }, price: '0.75' },
      { id: 'mod-dip-chocolate', name: 'Mexican chocolate', es: { name: 'Chocolate mexicano' }, price: '0.75' },
    ],
  },
  {
    id: 'grp-drink-size',
    name: 'Choose a size',
    es: { name: 'Elige un tamaño' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-size-regular', 'Regular (16 oz)', 'Regular (16 oz)'),
      { id: 'mod-size-large', name: 'Large (32 oz)', es: { name: 'Grande (32 oz)' }, price: '1.75' },
    ],
  },
  {
    id: 'grp-jarritos-flavor',
    name: 'Choose a flavor',
    es: { name: 'Elige un sabor' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-jarritos-mandarina', 'Mandarina', 'Mandarina'),
      free('mod-jarritos-tamarindo', 'Tamarindo', 'Tamarindo'),
      free('mod-jarritos-toronja', 'Toronja', 'Toronja'),
      free('mod-jarritos-limon', 'Limón', 'Limón'),
      free('mod-jarritos-pina', 'Piña', 'Piña'),
    ],
  },
  {
    id: 'grp-family-proteins',
    name: 'Choose 2 proteins',
    es: { name: 'Elige 2 proteínas' },
    force_popup: true,
    min_required: 2,
    max_allowed: 2,
    modifiers: [
      free('mod-family-asada', 'Carne asada', 'Carne asada'),
      free('mod-family-pastor', 'Al pastor', 'Al pastor'),
      free('mod-family-pollo', 'Pollo asado', 'Pollo asado'),
      free('mod-family-carnitas', 'Carnitas', 'Carnitas'),
      free('mod-family-chorizo', 'Chorizo', 'Chorizo'),
      free('mod-family-hongos', 'Hongos al ajillo (vegetarian)', 'Hongos al ajillo (vegetariano)'),
      { id: 'mod-family-birria', name: 'Birria de res', es: { name: 'Birria de res' }, price: '4.00' },
      { id: 'mod-family-camaron', name: 'Camarón a la diabla', es: { name: 'Camarón a la diabla' }, price: '6.00' },
    ],
  },
  {
    id: 'grp-family-agua',
    name: 'Add a gallon of agua fresca',
    es: { name: 'Agrega un galón de agua fresca' },
    force_popup: false,
    min_required: 0,
    max_allowed: 3,
    modifiers: [
      { id: 'mod-gallon-horchata', name: 'Horchata (1 gallon)', es: { name: 'Horchata (1 galón)' }, price: '14.00' },
      { id: 'mod-gallon-jamaica', name: 'Jamaica (1 gallon)', es: { name: 'Jamaica (1 galón)' }, price: '14.00' },
      { id: 'mod-gallon-tamarindo', name: 'Tamarindo (1 gallon)', es: { name: 'Tamarindo (1 galón)' }, price: '14.00' },
    ],
  },
  {
    id: 'grp-box-proteins',
    name: 'Choose up to 3 proteins',
    es: { name: 'Elige hasta 3 proteínas' },
    force_popup: true,
    min_required: 1,
    max_allowed: 3,
    modifiers: [
      free('mod-box-asada', 'Carne asada', 'Carne asada'),
      free('mod-box-pastor', 'Al pastor', 'Al pastor'),
      free('mod-box-pollo', 'Pollo asado', 'Pollo asado'),
      free('mod-box-carnitas', 'Carnitas', 'Carnitas'),
      free('mod-box-chorizo', 'Chorizo', 'Chorizo'),
      free('mod-box-hongos', 'Hongos al ajillo (vegetarian)', 'Hongos al ajillo (vegetariano)'),
      { id: 'mod-box-birria', name: 'Birria de res', es: { name: 'Birria de res' }, price: '5.00' },
      { id: 'mod-box-lengua', name: 'Lengua', es: { name: 'Lengua' }, price: '6.00' },
    ],
  },
  {
    id: 'grp-box-salsas',
    name: 'Salsas by the pint',
    es: { name: 'Salsas por pinta' },
    force_popup: false,
    min_required: 0,
    max_allowed: 4,
    modifiers: [
      free('mod-pint-verde', 'Salsa verde (pint)', 'Salsa verde (pinta)'),
      free('mod-pint-roja', 'Salsa roja de árbol (pint)', 'Salsa roja de árbol (pinta)'),
      free('mod-pint-habanero', 'Habanero pickled onions (pint)', 'Cebolla curtida con habanero (pinta)'),
      {
        id: 'mod-pint-macha',
        name: 'Salsa macha (half pint)',
        es: { name: 'Salsa macha (media pinta)' },
        price: '4.00',
      },
    ],
  },
  {
    id: 'grp-catering-proteins',
    name: 'Choose 3 proteins',
    es: { name: 'Elige 3 proteínas' },
    force_popup: true,
    min_required: 3,
    max_allowed: 3,
    modifiers: [
      free('mod-catering-asada', 'Carne asada', 'Carne asada'),
      free('mod-catering-pastor', 'Al pastor', 'Al pastor'),
      free('mod-catering-pollo', 'Pollo asado', 'Pollo asado'),
      free('mod-catering-carnitas', 'Carnitas', 'Carnitas'),
      free('mod-catering-chorizo', 'Chorizo', 'Chorizo'),
      free('mod-catering-hongos', 'Hongos al ajillo (vegetarian)', 'Hongos al ajillo (vegetariano)'),
      free('mod-catering-papas', 'Papas con rajas (vegetarian)', 'Papas con rajas (vegetariano)'),
      { id: 'mod-catering-birria', name: 'Birria de res', es: { name: 'Birria de res' }, price: '20.00' },
      { id: 'mod-catering-camaron', name: 'Camarón a la diabla', es: { name: 'Camarón a la diabla' }, price: '30.00' },
    ],
  },
  {
    id: 'grp-catering-setup',
    name: 'Serving setup',
    es: { name: 'Para servir' },
    force_popup: false,
    min_required: 0,
    max_allowed: 2,
    modifiers: [
      {
        id: 'mod-setup-chafing',
        name: 'Wire racks and sternos to keep it hot',
        es: { name: 'Bases y mecheros para mantenerlo caliente' },
        price: '15.00',
      },
      {
        id: 'mod-setup-tableware',
        name: 'Plates, napkins and cutlery',
        es: { name: 'Platos, servilletas y cubiertos' },
        price: '10.00',
      },
    ],
  },
  {
    id: 'grp-dispenser-flavor',
    name: 'Choose a flavor',
    es: { name: 'Elige un sabor' },
    force_popup: true,
    min_required: 1,
    max_allowed: 1,
    modifiers: [
      free('mod-dispenser-horchata', 'Horchata', 'Horchata'),
      free('mod-dispenser-jamaica', 'Jamaica', 'Jamaica'),
      free('mod-dispenser-tamarindo', 'Tamarindo', 'Tamarindo'),
      { id: 'mod-dispenser-temporada', name: 'Agua de temporada', es: { name: 'Agua de temporada' }, price: '4.00' },
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
    es: { name: 'Tacos' },
    items: [
      {
        id: 'taco-plate',
        name: 'Plato de Tacos',
        description:
          'Three tacos of the same filling on handmade tortillas, with arroz rojo, your choice of beans and a grilled jalapeño. The plate regulars order without looking.',
        es: {
          name: 'Plato de Tacos',
          description:
            'Tres tacos del mismo guisado en tortillas hechas a mano, con arroz rojo, los frijoles que elijas y un jalapeño asado. El plato que los clientes de siempre piden sin ver el menú.',
        },
        price: '13.95',
        photo: photo('taco-plate'),
        modifier_groups: ['grp-protein', 'grp-tortilla', 'grp-beans', 'grp-salsa', 'grp-extras'],
      },
    ],
    subcategories: [
      {
        id: 'tacos-classic',
        name: 'Classic',
        es: { name: 'Clásicos' },
        items: [
          {
            id: 'taco-asada',
            name: 'Taco de Asada',
            description:
              'Citrus-marinated flank steak seared over mesquite, chopped to order and finished with onion, cilantro and salsa verde.',
            es: {
              name: 'Taco de Asada',
              description:
                'Arrachera marinada en cítricos, asada al carbón de mezquite, picada al momento y servida con cebolla, cilantro y salsa verde.',
            },
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
            es: {
              name: 'Taco al Pastor',
              description:
                'Cerdo adobado con guajillo y achiote, montado en el trompo y rebanado directo a la tortilla con un trocito de piña asada.',
            },
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
            es: {
              name: 'Taco de Pollo Asado',
              description:
                'Muslos de pollo en adobo de ajo y chile ancho, asados a la parrilla y servidos con pico de gallo.',
            },
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
            es: {
              name: 'Taco de Carnitas',
              description:
                'Espaldilla de cerdo cocida por horas en su propia manteca con naranja y Coca-Cola mexicana, dorada en el comal antes de llegar a la tortilla.',
            },
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
            es: {
              name: 'Taco de Chorizo',
              description:
                'Nuestro propio chorizo rojo, hecho con guajillo y un toque de canela, con papitas doradas en su grasa.',
            },
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
            es: {
              name: 'Taco de Lengua',
              description:
                'Lengua de res cocida hasta que se corta con cuchara y luego dorada. Suave, sabrosa y la favorita del cocinero.',
            },
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
            es: {
              name: 'Quesabirria',
              description:
                'Tortilla bañada en la grasa de la birria, dorada en la plancha con queso Oaxaca y rellena de birria de res. Sabe mejor remojada en el consomé.',
            },
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
        es: { name: 'Vegetarianos' },
        items: [
          {
            id: 'taco-hongos',
            name: 'Taco de Hongos',
            description:
              'Oyster and cremini mushrooms sautéed with garlic, guajillo and epazote, finished with queso fresco.',
            es: {
              name: 'Taco de Hongos',
              description: 'Hongos seta y cremini salteados con ajo, guajillo y epazote, terminados con queso fresco.',
            },
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
            es: {
              name: 'Taco de Nopales',
              description:
                'Nopales asados con jitomate, cebolla blanca y un chorrito de limón. Fresco, verde y un poco ácido.',
            },
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
            es: {
              name: 'Taco de Papa con Rajas',
              description:
                'Papas doradas con rajas de chile poblano asado y una cucharada de crema. Sabor casero de los mercados de la Ciudad de México.',
            },
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
            es: {
              name: 'Coliflor al Pastor',
              description:
                'Coliflor asada en nuestro adobo al pastor con piña tatemada y cebolla morada encurtida. Vegana tal como viene.',
            },
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
        es: { name: 'Mariscos' },
        items: [
          {
            id: 'taco-pescado',
            name: 'Taco de Pescado',
            description:
              'Beer-battered rockfish, Ensenada style, with cabbage, crema and chipotle mayo on a warm tortilla.',
            es: {
              name: 'Taco de Pescado',
              description:
                'Pescado de roca capeado en cerveza, estilo Ensenada, con col, crema y mayonesa de chipotle en una tortilla calientita.',
            },
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
            es: {
              name: 'Taco de Camarón',
              description:
                'Camarones salteados a la diabla en chile de árbol y mantequilla, con salsa de aguacate y col rallada.',
            },
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
    es: { name: 'Burritos' },
    items: [
      {
        id: 'burrito-clasico',
        name: 'Burrito Clásico',
        description:
          'A 13-inch flour tortilla wrapped around your choice of meat, arroz rojo, beans, onion, cilantro and salsa. Heavy in the best way.',
        es: {
          name: 'Burrito Clásico',
          description:
            'Tortilla de harina de 13 pulgadas rellena de la carne que elijas, arroz rojo, frijoles, cebolla, cilantro y salsa. Bien llenador, en el mejor sentido.',
        },
        price: '11.50',
        photo: photo('burrito-clasico'),
        modifier_groups: ['grp-protein', 'grp-beans', 'grp-burrito-style', 'grp-extras', 'grp-hold'],
      },
      {
        id: 'burrito-california',
        name: 'California Burrito',
        description: 'San Diego’s gift to the world: carne asada, crisp fries, cheddar, pico de gallo and guacamole.',
        es: {
          name: 'Burrito California',
          description:
            'El regalo de San Diego al mundo: carne asada, papas fritas crujientes, queso cheddar, pico de gallo y guacamole.',
        },
        price: '13.25',
        photo: photo('california-burrito'),
        modifier_groups: ['grp-burrito-style', 'grp-salsa', 'grp-extras', 'grp-hold'],
      },
      {
        id: 'burrito-breakfast',
        name: 'Breakfast Burrito',
        description:
          'Scrambled eggs, crispy potatoes, cheddar and salsa roja with your choice of filling. Served until 2 pm.',
        es: {
          name: 'Burrito de Desayuno',
          description:
            'Huevos revueltos, papas crujientes, queso cheddar y salsa roja con el relleno que elijas. Se sirve hasta las 2 pm.',
        },
        price: '10.50',
        photo: photo('breakfast-burrito'),
        modifier_groups: ['grp-breakfast-filling', 'grp-salsa', 'grp-extras'],
      },
      {
        id: 'burrito-bean-cheese',
        name: 'Bean & Cheese Burrito',
        description: 'Refried pintos cooked with lard and a blanket of melted cheddar. Simple, cheap, perfect.',
        es: {
          name: 'Burrito de Frijoles con Queso',
          description:
            'Frijoles pintos refritos con manteca y una capa de queso cheddar derretido. Sencillo, económico y perfecto.',
        },
        price: '7.95',
        photo: photo('bean-cheese-burrito'),
        modifier_groups: ['grp-burrito-style', 'grp-extras'],
      },
      {
        id: 'burrito-birria',
        name: 'Burrito de Birria',
        description:
          'Beef birria, Oaxaca cheese, rice and onion, griddled until the tortilla crackles, with a cup of consomé for dipping.',
        es: {
          name: 'Burrito de Birria',
          description:
            'Birria de res, queso Oaxaca, arroz y cebolla, dorado en la plancha hasta que la tortilla truena, con un vasito de consomé para remojar.',
        },
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
        es: {
          name: 'Burrito Verde',
          description:
            'Calabacitas asadas, rajas de poblano, granos de elote y frijoles negros con arroz al cilantro y limón y salsa verde. Vegetariano.',
        },
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
    es: { name: 'Bowls' },
    items: [
      {
        id: 'bowl-comal',
        name: 'Comal Bowl',
        description:
          'Everything you love in a burrito without the tortilla: your protein over rice and beans with pico, crema and cotija.',
        es: {
          name: 'Bowl Comal',
          description:
            'Todo lo que te gusta de un burrito, sin la tortilla: tu proteína sobre arroz y frijoles con pico de gallo, crema y queso cotija.',
        },
        price: '12.50',
        photo: photo('comal-bowl'),
        modifier_groups: ['grp-protein', 'grp-bowl-base', 'grp-beans', 'grp-extras', 'grp-hold'],
      },
      {
        id: 'bowl-ensalada',
        name: 'Ensalada Bowl',
        description:
          'Chopped romaine, black beans, corn, radish, avocado and pepitas with a lime-chipotle dressing and your protein.',
        es: {
          name: 'Bowl de Ensalada',
          description:
            'Lechuga romana picada, frijoles negros, elote, rábano, aguacate y pepitas con aderezo de limón y chipotle y la proteína que elijas.',
        },
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
        es: {
          name: 'Bowl Vegetariano',
          description:
            'Hongos al ajillo, nopales asados y calabacitas sobre la base que elijas, con frijoles y salsa verde.',
        },
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
        es: {
          name: 'Pozole Rojo',
          description:
            'Una tradición de fin de semana: cerdo y maíz pozolero en un caldo rojo de guajillo bien sustancioso, con col, rábano, orégano, limón y tostadas aparte.',
        },
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
    es: { name: 'Acompañamientos' },
    items: [
      {
        id: 'side-chips-salsa',
        name: 'Chips & Salsa',
        description: 'Tortilla chips fried every morning with a cup of salsa roja and a cup of salsa verde.',
        es: {
          name: 'Totopos con Salsa',
          description: 'Totopos fritos cada mañana con un vasito de salsa roja y otro de salsa verde.',
        },
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
        es: {
          name: 'Totopos con Guacamole',
          description:
            'Aguacates Hass machacados al momento con chile serrano, cebolla, cilantro y limón, y un montón de totopos calientitos.',
        },
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
        es: {
          name: 'Elote',
          description:
            'Elote asado untado con mayonesa, queso cotija, chile piquín y limón, como lo preparan en los carritos de la calle.',
        },
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
        es: {
          name: 'Arroz Rojo',
          description: 'Arroz dorado y luego cocido en jitomate, ajo y caldo de pollo, con chícharos y zanahoria.',
        },
        price: '3.25',
        photo: photo('arroz-rojo'),
        modifier_groups: [],
      },
      {
        id: 'side-charros',
        name: 'Frijoles Charros',
        description: 'Pinto beans slow-cooked with bacon, chorizo, tomato and jalapeño. A meal on their own.',
        es: {
          name: 'Frijoles Charros',
          description:
            'Frijoles pintos cocidos a fuego lento con tocino, chorizo, jitomate y jalapeño. Una comida por sí solos.',
        },
        price: '3.50',
        photo: photo('frijoles-charros'),
        modifier_groups: [],
      },
      {
        id: 'side-quesadilla',
        name: 'Quesadilla de Oaxaca',
        description:
          'Stretchy Oaxaca cheese folded in a handmade corn tortilla and toasted on the comal until it blisters.',
        es: {
          name: 'Quesadilla de Oaxaca',
          description:
            'Queso Oaxaca bien elástico, doblado en una tortilla de maíz hecha a mano y tostado en el comal hasta que la tortilla se infla.',
        },
        price: '6.95',
        photo: photo('quesadilla'),
        modifier_groups: ['grp-extras'],
        diet: ['vegetarian', 'gluten-free'],
      },
      {
        id: 'side-churros',
        name: 'Churros',
        description: 'Four churros fried to order and rolled in cinnamon sugar. Add a dip and thank us later.',
        es: {
          name: 'Churros',
          description:
            'Cuatro churros fritos al momento y revolcados en azúcar con canela. Agrégales una salsa para remojar y luego nos das las gracias.',
        },
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
    es: { name: 'Bebidas' },
    items: [],
    subcategories: [
      {
        id: 'drinks-aguas-frescas',
        name: 'Aguas Frescas',
        es: { name: 'Aguas Frescas' },
        items: [
          {
            id: 'drink-horchata',
            name: 'Horchata',
            description: 'Rice soaked overnight with cinnamon and vanilla, blended smooth and served over ice.',
            es: {
              name: 'Horchata',
              description:
                'Arroz remojado toda la noche con canela y vainilla, licuado hasta quedar bien suave y servido con hielo.',
            },
            price: '3.75',
            photo: photo('horchata'),
            modifier_groups: ['grp-drink-size'],
            diet: ['vegetarian', 'gluten-free'],
          },
          {
            id: 'drink-jamaica',
            name: 'Jamaica',
            description: 'Hibiscus flowers steeped with a little ginger. Tart, ruby red and very refreshing.',
            es: {
              name: 'Jamaica',
              description: 'Flor de jamaica en infusión con un toque de jengibre. Ácida, color rubí y muy refrescante.',
            },
            price: '3.75',
            photo: photo('jamaica'),
            modifier_groups: ['grp-drink-size'],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-tamarindo',
            name: 'Tamarindo',
            description: 'Sweet and sour tamarind pods simmered and strained by hand.',
            es: { name: 'Tamarindo', description: 'Vainas de tamarindo agridulce, cocidas y coladas a mano.' },
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
            es: {
              name: 'Agua de Temporada',
              description:
                'La fruta que esté mejor en el mercado esta semana: sandía, mango con chile o pepino con limón.',
            },
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
        es: { name: 'Refrescos' },
        items: [
          {
            id: 'drink-mexican-coke',
            name: 'Mexican Coca-Cola',
            description: 'The glass bottle, made with cane sugar.',
            es: { name: 'Coca-Cola Mexicana', description: 'En botella de vidrio, hecha con azúcar de caña.' },
            price: '3.50',
            photo: photo('mexican-coke'),
            modifier_groups: [],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-jarritos',
            name: 'Jarritos',
            description: 'Mexico’s favourite fruit sodas, naturally flavored and sweetened with cane sugar.',
            es: {
              name: 'Jarritos',
              description:
                'Los refrescos de fruta favoritos de México, con sabores naturales y endulzados con azúcar de caña.',
            },
            price: '3.00',
            photo: photo('jarritos'),
            modifier_groups: ['grp-jarritos-flavor'],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-sidral',
            name: 'Sidral Mundet',
            description: 'Crisp apple soda from Mexico City, a classic with tacos.',
            es: {
              name: 'Sidral Mundet',
              description:
                'Refresco de manzana de la Ciudad de México, fresco y burbujeante: un clásico con los tacos.',
            },
            price: '3.00',
            photo: photo('sidral-mundet'),
            modifier_groups: [],
            diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
          },
          {
            id: 'drink-topo-chico',
            name: 'Topo Chico',
            description: 'Sparkling mineral water from Monterrey. Add lime and salt for a Mexican Sprite.',
            es: {
              name: 'Topo Chico',
              description: 'Agua mineral de Monterrey. Agrégale limón y sal y tienes una mineral preparada.',
            },
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
    es: { name: 'Comidas Familiares' },
    items: [
      {
        id: 'family-taco-night',
        name: 'Taco Night for 4',
        description:
          'Two pounds of meat in two fillings, 20 handmade tortillas, rice, beans, chips, salsas, onion, cilantro and limes. Dinner is served.',
        es: {
          name: 'Noche de Tacos para 4',
          description:
            'Dos libras de carne en dos guisados, 20 tortillas hechas a mano, arroz, frijoles, totopos, salsas, cebolla, cilantro y limones. ¡A cenar se ha dicho!',
        },
        price: '49.95',
        photo: photo('family-taco-night'),
        modifier_groups: ['grp-family-proteins', 'grp-family-agua'],
      },
      {
        id: 'family-burrito-pack',
        name: 'Burrito Pack for 4',
        description: 'Four Burritos Clásicos in two fillings, a big bag of chips, guacamole and salsa roja.',
        es: {
          name: 'Paquete de Burritos para 4',
          description: 'Cuatro Burritos Clásicos de dos rellenos, una bolsa grande de totopos, guacamole y salsa roja.',
        },
        price: '54.95',
        photo: photo('family-burrito-pack'),
        modifier_groups: ['grp-family-proteins', 'grp-family-agua'],
      },
      {
        id: 'family-fiesta',
        name: 'Fiesta Familiar for 6',
        description:
          'Three pounds of meat in two fillings, 30 tortillas, a tray of rice and frijoles charros, elotes for everyone and a dozen churros.',
        es: {
          name: 'Fiesta Familiar para 6',
          description:
            'Tres libras de carne en dos guisados, 30 tortillas, una charola de arroz y frijoles charros, elotes para todos y una docena de churros.',
        },
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
    es: { name: 'Cajas de Tacos' },
    items: [
      {
        id: 'box-12',
        name: 'Taco Box (12 tacos)',
        description:
          'A dozen tacos packed to travel in up to three fillings, with onion, cilantro, limes and two salsas.',
        es: {
          name: 'Caja de Tacos (12 tacos)',
          description:
            'Una docena de tacos empacados para llevar, hasta de tres guisados, con cebolla, cilantro, limones y dos salsas.',
        },
        price: '39.00',
        photo: photo('taco-box-12'),
        modifier_groups: ['grp-box-proteins', 'grp-tortilla', 'grp-box-salsas'],
      },
      {
        id: 'box-24',
        name: 'Taco Box (24 tacos)',
        description: 'Two dozen tacos for the office or the game, in up to three fillings, with all the fixings.',
        es: {
          name: 'Caja de Tacos (24 tacos)',
          description:
            'Dos docenas de tacos para la oficina o el partido, hasta de tres guisados, con todo lo que llevan.',
        },
        price: '74.00',
        photo: photo('taco-box-24'),
        modifier_groups: ['grp-box-proteins', 'grp-tortilla', 'grp-box-salsas'],
      },
      {
        id: 'box-birria',
        name: 'Birria Box',
        description: 'Ten quesabirrias and a quart of consomé with onion, cilantro and limes. Dunk, sip, repeat.',
        es: {
          name: 'Caja de Birria',
          description:
            'Diez quesabirrias y un cuarto de galón de consomé con cebolla, cilantro y limones. Remoja, sorbe y repite.',
        },
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
    es: { name: 'Banquetes' },
    items: [
      {
        id: 'catering-taco-bar-10',
        name: 'Taco Bar for 10',
        description:
          'Three fillings, 40 handmade tortillas, rice, beans, chips, salsas and all the toppings, set up so everyone builds their own.',
        es: {
          name: 'Taquiza para 10',
          description:
            'Tres guisados, 40 tortillas hechas a mano, arroz, frijoles, totopos, salsas y todos los complementos, listos para que cada quien arme sus tacos.',
        },
        price: '159.00',
        photo: photo('taco-bar-10'),
        modifier_groups: ['grp-catering-proteins', 'grp-catering-setup'],
      },
      {
        id: 'catering-taco-bar-25',
        name: 'Taco Bar for 25',
        description: 'The same spread for a bigger crowd: 100 tortillas and trays of rice, beans, chips and salsas.',
        es: {
          name: 'Taquiza para 25',
          description:
            'El mismo banquete para más gente: 100 tortillas y charolas de arroz, frijoles, totopos y salsas.',
        },
        price: '379.00',
        photo: photo('taco-bar-25'),
        modifier_groups: ['grp-catering-proteins', 'grp-catering-setup'],
      },
      {
        id: 'catering-burrito-platter',
        name: 'Mini Burrito Platter',
        description:
          'Twenty half-size burritos in three fillings, cut and wrapped for easy grabbing, with salsa on the side.',
        es: {
          name: 'Charola de Mini Burritos',
          description:
            'Veinte burritos de medio tamaño en tres rellenos, cortados y envueltos para agarrarlos fácil, con salsa aparte.',
        },
        price: '95.00',
        photo: photo('mini-burrito-platter'),
        modifier_groups: ['grp-catering-proteins', 'grp-catering-setup'],
      },
      {
        id: 'catering-agua-dispenser',
        name: 'Agua Fresca Dispenser (2 gallons)',
        description: 'Two gallons of agua fresca in a pour-spout dispenser with cups and ice. Serves about 20.',
        es: {
          name: 'Dispensador de Agua Fresca (2 galones)',
          description:
            'Dos galones de agua fresca en un dispensador con llave, con vasos y hielo. Alcanza para unas 20 personas.',
        },
        price: '32.00',
        photo: photo('agua-dispenser'),
        modifier_groups: ['grp-dispenser-flavor'],
        diet: ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'],
      },
      {
        id: 'catering-chips-guac',
        name: 'Chips, Salsa & Guac for 10',
        description: 'A tray of fresh chips with a quart of guacamole and pints of salsa roja and verde.',
        es: {
          name: 'Totopos, Salsa y Guacamole para 10',
          description:
            'Una charola de totopos recién hechos con un cuarto de galón de guacamole y una pinta de salsa roja y otra de verde.',
        },
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
