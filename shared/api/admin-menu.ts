/**
 * The admin's menu editor, under /api/staff/admin/menu/ (admins only): categories (order,
 * visibility, time windows), items, modifier groups and their modifiers, photos, and the whole
 * menu exported and imported as JSON or CSV (a preview first, then the same change applied).
 * With Clover as the point-of-sale the menu is Clover's: every change answers 409 with
 * MENU_MANAGED_IN_CLOVER, and "sync now" reads it from Clover. Browser code imports types only.
 */
import { z } from 'zod';
import { DIET_TAGS, MAX_SPICE_LEVEL } from '../diet.ts';
import { WINDOW_DAYS } from '../menu-windows.ts';
import { MenuSyncNoteSchema } from './staff.ts';

const BODY_UNREADABLE = 'Some details are missing or not valid. Check the form and try again.';
const body = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: BODY_UNREADABLE });

export const MENU_MANAGED_IN_CLOVER = 'The menu is managed in Clover.';
export const NAME_REQUIRED = 'Give it a name.';
export const NAME_TOO_LONG = 'A name is at most 80 characters.';
export const ITEM_DESCRIPTION_TOO_LONG = 'A description is at most 500 characters.';
export const PRICE_RANGE = 'A price is from $0.00 to $1,000.00, in whole cents.';
export const UNKNOWN_DIET_TAG = `A diet tag is one of ${DIET_TAGS.join(', ')}.`;
export const SPICE_RANGE = `The spice level is a whole number from 0 to ${MAX_SPICE_LEVEL}.`;
export const MIN_CHOICES_RANGE = 'The fewest choices is a whole number from 0 to 99.';
export const MAX_CHOICES_RANGE = 'The most choices is a whole number from 1 to 99.';
export const MIN_OVER_MAX = 'The fewest choices cannot be more than the most choices.';
export const WINDOW_TIME_SHAPE = 'Give a time as HH:MM, 24-hour, like 11:00.';
export const WINDOW_NEEDS_DAYS = 'Choose at least one day for each time window.';
export const WINDOW_UNKNOWN_DAY = `A day is one of ${WINDOW_DAYS.join(', ')}.`;
export const WINDOW_CLOSES_BEFORE_OPENS = 'A time window must close after it opens.';
export const TOO_MANY_WINDOWS = 'A category has at most 7 time windows.';
export const ID_SHAPE =
  'An id is 1 to 64 letters, digits, dashes, dots, colons or underscores, starting with a letter or digit.';
export const PHOTO_PATH =
  'A photo is a path on this site: /images/menu/<name>.jpg, or a photo uploaded here (/api/menu-photos/…).';
export const MOVE_SHAPE = 'Say where to move it: "up", "down", or a position from 0.';
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'A photo is at most 8 MB. Choose a smaller file.';
export const PHOTO_NOT_IMAGE = 'That file is not a photo we can read. Upload a JPEG, PNG, WebP or AVIF image.';
export const IMPORT_MAX_CHARS = 2_000_000;
export const IMPORT_TOO_LARGE = 'An import is at most 2 MB. Split the menu, or remove what is not needed.';
export const IMPORT_FORMAT = 'Choose the format of the file: json or csv.';
export const BASE_VERSION_NEEDED = 'Preview the import first, then apply that preview.';
export const MENU_CHANGED_SINCE_PREVIEW = 'The menu changed since this preview. Preview the import again.';
export const NOT_MENU_JSON = 'That file is not JSON in the menu’s export format ("format": "comal-menu").';
export const CATEGORY_NOT_EMPTY = 'This category still has items. Move or remove them first.';
export const GROUP_ALREADY_ON_ITEM = 'The item already offers that group.';
/** Limits on one menu: an import over them is refused with the sentence. */
export const MAX_CATEGORIES = 100;
export const MAX_ITEMS = 2000;
export const MAX_GROUPS = 500;
export const MAX_MODIFIERS_PER_GROUP = 100;
export const TOO_MANY = `A menu holds at most ${MAX_CATEGORIES} categories, ${MAX_ITEMS} items, ${MAX_GROUPS} modifier groups and ${MAX_MODIFIERS_PER_GROUP} modifiers a group.`;

const name = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, { error: NAME_REQUIRED })
  .max(80, { error: NAME_TOO_LONG });
const description = z
  .string({ error: ITEM_DESCRIPTION_TOO_LONG })
  .trim()
  .max(500, { error: ITEM_DESCRIPTION_TOO_LONG });
const priceCents = z.int({ error: PRICE_RANGE }).min(0, { error: PRICE_RANGE }).max(100_000, { error: PRICE_RANGE });
const diet = z
  .array(z.enum(DIET_TAGS, { error: UNKNOWN_DIET_TAG }), { error: UNKNOWN_DIET_TAG })
  .max(DIET_TAGS.length, { error: UNKNOWN_DIET_TAG })
  .transform((tags) => DIET_TAGS.filter((tag) => tags.includes(tag)));
const spiceLevel = z
  .int({ error: SPICE_RANGE })
  .min(0, { error: SPICE_RANGE })
  .max(MAX_SPICE_LEVEL, { error: SPICE_RANGE });
const minChoices = z
  .int({ error: MIN_CHOICES_RANGE })
  .min(0, { error: MIN_CHOICES_RANGE })
  .max(99, { error: MIN_CHOICES_RANGE });
const maxChoices = z
  .int({ error: MAX_CHOICES_RANGE })
  .min(1, { error: MAX_CHOICES_RANGE })
  .max(99, { error: MAX_CHOICES_RANGE });
const flag = (what: string) => z.boolean({ error: `${what} is true or false.` });
export const menuId = z
  .string({ error: ID_SHAPE })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, { error: ID_SHAPE });
const photoPath = z
  .string({ error: PHOTO_PATH })
  .regex(
    /^\/(images\/menu\/[a-z0-9-]{1,80}\.(jpg|png|webp|avif)|api\/menu-photos\/[a-f0-9]{32}-\d{2,4}\.(webp|avif))$/,
    {
      error: PHOTO_PATH,
    },
  );

const clock = z.string({ error: WINDOW_TIME_SHAPE }).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, {
  error: WINDOW_TIME_SHAPE,
});
const minutesOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/** One time window of a category: some weekdays, from one wall time to a later one the same day. */
export const MenuWindowSchema = z
  .object(
    {
      days: z
        .array(z.enum(WINDOW_DAYS, { error: WINDOW_UNKNOWN_DAY }), { error: WINDOW_NEEDS_DAYS })
        .min(1, { error: WINDOW_NEEDS_DAYS })
        .max(7, { error: WINDOW_UNKNOWN_DAY })
        .transform((days) => WINDOW_DAYS.filter((day) => days.includes(day))),
      from: clock,
      to: clock,
    },
    { error: WINDOW_TIME_SHAPE },
  )
  .refine((window) => minutesOf(window.to) > minutesOf(window.from), {
    error: WINDOW_CLOSES_BEFORE_OPENS,
    path: ['to'],
  });
export type MenuWindowInput = z.input<typeof MenuWindowSchema>;
const windows = z.array(MenuWindowSchema, { error: WINDOW_TIME_SHAPE }).max(7, { error: TOO_MANY_WINDOWS });

// ---------------------------------------------------------------------------------------------
// Changes: POST/PATCH/DELETE under /api/staff/admin/menu/

export const CategoryCreateSchema = body({
  name,
  visible: flag('Visible').default(true),
  windows: windows.default([]),
});
export const CategoryChangeSchema = body({
  name: name.optional(),
  visible: flag('Visible').optional(),
  windows: windows.optional(),
});
export type CategoryCreateInput = z.input<typeof CategoryCreateSchema>;
export type CategoryChangeInput = z.input<typeof CategoryChangeSchema>;

const itemFields = {
  name,
  description,
  price_cents: priceCents,
  diet,
  spice_level: spiceLevel,
  available: flag('Available'),
  is_special: flag('Special'),
};
export const ItemCreateSchema = body({
  category_id: menuId,
  name: itemFields.name,
  description: itemFields.description.default(''),
  price_cents: itemFields.price_cents,
  diet: itemFields.diet.default([]),
  spice_level: itemFields.spice_level.default(0),
  available: itemFields.available.default(true),
  is_special: itemFields.is_special.default(false),
});
export const ItemChangeSchema = body({
  category_id: menuId.optional(),
  name: itemFields.name.optional(),
  description: itemFields.description.optional(),
  price_cents: itemFields.price_cents.optional(),
  diet: itemFields.diet.optional(),
  spice_level: itemFields.spice_level.optional(),
  available: itemFields.available.optional(),
  is_special: itemFields.is_special.optional(),
});
export type ItemCreateInput = z.input<typeof ItemCreateSchema>;
export type ItemChangeInput = z.input<typeof ItemChangeSchema>;
export type ItemChange = z.infer<typeof ItemChangeSchema>;

const minNotOverMax = (group: { min_required?: number | undefined; max_allowed?: number | undefined }) =>
  group.min_required === undefined || group.max_allowed === undefined || group.min_required <= group.max_allowed;

export const GroupCreateSchema = body({
  name,
  min_required: minChoices.default(0),
  max_allowed: maxChoices.default(1),
  force_popup: flag('Always ask').default(false),
}).refine(minNotOverMax, { error: MIN_OVER_MAX, path: ['min_required'] });
export const GroupChangeSchema = body({
  name: name.optional(),
  min_required: minChoices.optional(),
  max_allowed: maxChoices.optional(),
  force_popup: flag('Always ask').optional(),
}).refine(minNotOverMax, { error: MIN_OVER_MAX, path: ['min_required'] });
export type GroupCreateInput = z.input<typeof GroupCreateSchema>;
export type GroupChangeInput = z.input<typeof GroupChangeSchema>;

export const ModifierCreateSchema = body({
  name,
  price_cents: priceCents.default(0),
  available: flag('Available').default(true),
});
export const ModifierChangeSchema = body({
  name: name.optional(),
  price_cents: priceCents.optional(),
  available: flag('Available').optional(),
});
export type ModifierCreateInput = z.input<typeof ModifierCreateSchema>;
export type ModifierChangeInput = z.input<typeof ModifierChangeSchema>;

/** Moves an entry among its siblings: one place up or down, or to a position (0 first). */
export const MoveSchema = body({
  direction: z.enum(['up', 'down'], { error: MOVE_SHAPE }).optional(),
  position: z.int({ error: MOVE_SHAPE }).min(0, { error: MOVE_SHAPE }).max(9999, { error: MOVE_SHAPE }).optional(),
}).refine((move) => (move.direction === undefined) !== (move.position === undefined), { error: MOVE_SHAPE });
export type MoveInput = z.input<typeof MoveSchema>;

// ---------------------------------------------------------------------------------------------
// The editor's view of the menu: GET /api/staff/admin/menu/, and the answer of every change

export const EditorCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  visible: z.boolean(),
  windows: z.array(z.object({ days: z.array(z.enum(WINDOW_DAYS)), from: z.string(), to: z.string() })),
  subcategories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const EditorItemSchema = z.object({
  id: z.string(),
  category_id: z.string(),
  subcategory_id: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  price_cents: z.int(),
  photo: z.string().nullable(),
  diet: z.array(z.enum(DIET_TAGS)),
  spice_level: z.int(),
  /** false: sold out (by the editor, or by staff until a time). */
  available: z.boolean(),
  is_special: z.boolean(),
  /** The modifier groups it offers, in the order the customer sees them. */
  group_ids: z.array(z.string()),
});
export const EditorModifierSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.int(),
  available: z.boolean(),
});
export const EditorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  min_required: z.int(),
  max_allowed: z.int(),
  force_popup: z.boolean(),
  modifiers: z.array(EditorModifierSchema),
});
export const MenuEditorSchema = z.object({
  /** Where the menu comes from: the editor ('demo', the embedded default) or Clover (read-only here). */
  provider: z.enum(['demo', 'clover']),
  read_only: z.boolean(),
  /** The menu's version: an import preview names it, its apply must find it unchanged. */
  version: z.string(),
  /** The widths every uploaded photo is served at, as AVIF and WebP. */
  photo_widths: z.array(z.int()),
  /** In menu order; items in order within their category (then subcategory). */
  categories: z.array(EditorCategorySchema),
  items: z.array(EditorItemSchema),
  groups: z.array(EditorGroupSchema),
});
export type MenuEditor = z.infer<typeof MenuEditorSchema>;
export type EditorCategory = z.infer<typeof EditorCategorySchema>;
export type EditorItem = z.infer<typeof EditorItemSchema>;
export type EditorGroup = z.infer<typeof EditorGroupSchema>;

// ---------------------------------------------------------------------------------------------
// Export and import: GET menu/export.json and menu/export.csv; POST menu/import/preview/ and apply/

/**
 * The JSON export, and what a JSON import reads: the whole menu, in order. Items name their
 * modifier groups by id; groups are listed once, with their modifiers.
 */
export const MenuFileSchema = z.object(
  {
    format: z.literal('comal-menu', { error: NOT_MENU_JSON }),
    categories: z
      .array(
        z.object({
          id: menuId,
          name,
          visible: flag('Visible').default(true),
          windows: windows.default([]),
          subcategories: z
            .array(z.object({ id: menuId, name }))
            .max(50, { error: TOO_MANY })
            .default([]),
          items: z
            .array(
              z.object({
                id: menuId,
                name,
                description: description.default(''),
                price_cents: priceCents,
                subcategory_id: menuId.nullable().default(null),
                photo: photoPath.nullable().default(null),
                diet: diet.default([]),
                spice_level: spiceLevel.default(0),
                available: flag('Available').default(true),
                is_special: flag('Special').default(false),
                modifier_groups: z.array(menuId).max(20, { error: TOO_MANY }).default([]),
              }),
            )
            .max(MAX_ITEMS, { error: TOO_MANY }),
        }),
      )
      .max(MAX_CATEGORIES, { error: TOO_MANY }),
    modifier_groups: z
      .array(
        z
          .object({
            id: menuId,
            name,
            min_required: minChoices.default(0),
            max_allowed: maxChoices.default(1),
            force_popup: flag('Always ask').default(false),
            modifiers: z
              .array(
                z.object({
                  id: menuId,
                  name,
                  price_cents: priceCents.default(0),
                  available: flag('Available').default(true),
                }),
              )
              .max(MAX_MODIFIERS_PER_GROUP, { error: TOO_MANY }),
          })
          .refine(minNotOverMax, { error: MIN_OVER_MAX }),
      )
      .max(MAX_GROUPS, { error: TOO_MANY })
      .default([]),
  },
  { error: NOT_MENU_JSON },
);
export type MenuFile = z.infer<typeof MenuFileSchema>;
export type MenuFileInput = z.input<typeof MenuFileSchema>;

/**
 * The CSV export's columns, one row per item (a row with no item name holds a category, or a
 * subcategory, with no item, so an empty one survives a round trip). `price` is in dollars;
 * `diet` and `modifier_groups` are lists separated by ';'; `windows` is a list separated by ';'
 * of 'days from-to', days by their three-letter names separated by spaces or 'mon-fri':
 * 'mon-fri 11:00-15:00; sat sun 10:00-14:00'. A CSV names modifier groups by their ids and never
 * changes them: groups are edited in the editor or through the JSON file.
 */
export const CSV_COLUMNS = [
  'category_id',
  'category',
  'category_visible',
  'category_windows',
  'subcategory_id',
  'subcategory',
  'item_id',
  'name',
  'description',
  'price',
  'diet',
  'spice_level',
  'available',
  'special',
  'photo',
  'modifier_groups',
] as const;
export const csvHeaderMissing = (column: string) =>
  `The CSV file's first row must name the columns; ${column} is missing.`;
export const csvRowProblem = (row: number, problem: string) => `Row ${row}: ${problem}`;
export const unknownGroupInCsv = (id: string) =>
  `There is no modifier group ${id}. A CSV names existing groups; add new ones in the editor or a JSON file.`;
export const duplicateId = (id: string) => `The id ${id} is used twice. Each entry needs its own id.`;
export const unknownGroupInFile = (id: string) =>
  `An item offers the modifier group ${id}, which the file does not define.`;
export const unknownSubcategory = (id: string) =>
  `An item names the subcategory ${id}, which its category does not have.`;

export const ImportRequestSchema = body({
  format: z.enum(['json', 'csv'], { error: IMPORT_FORMAT }),
  content: z.string({ error: NOT_MENU_JSON }).max(IMPORT_MAX_CHARS, { error: IMPORT_TOO_LARGE }),
  /** Apply only: the version the preview answered. */
  base_version: z
    .string({ error: BASE_VERSION_NEEDED })
    .regex(/^\d{1,19}$/, { error: BASE_VERSION_NEEDED })
    .optional(),
});
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

export const IMPORT_KINDS = ['category', 'subcategory', 'item', 'group', 'modifier'] as const;
export const ImportChangeSchema = z.object({
  action: z.enum(['add', 'change', 'remove']),
  kind: z.enum(IMPORT_KINDS),
  id: z.string(),
  name: z.string(),
  /** For a change: the fields that differ. */
  fields: z.array(z.string()),
});
export type ImportChange = z.infer<typeof ImportChangeSchema>;

export const ImportPreviewSchema = z.object({
  /** Send back as `base_version` to apply exactly this. */
  base_version: z.string(),
  added: z.int(),
  changed: z.int(),
  removed: z.int(),
  changes: z.array(ImportChangeSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportAppliedSchema = ImportPreviewSchema.omit({ base_version: true }).extend({ menu: MenuEditorSchema });
export type ImportApplied = z.infer<typeof ImportAppliedSchema>;

/** POST menu/sync/ with Clover: the sync's outcome and the menu after it. */
export const MenuSyncNowSchema = z.object({
  ok: z.boolean(),
  /** The sync's failure, as the staff side shows it; null when it worked. */
  error: z.string().nullable(),
  items: z.int(),
  /** What Clover sells that the online menu now served leaves out or changes, and why. */
  notes: z.array(MenuSyncNoteSchema),
  /** The same sync's sentences about the whole menu (Clover refusing the items' online settings). */
  warnings: z.array(z.string()),
  menu: MenuEditorSchema,
});
export type MenuSyncNow = z.infer<typeof MenuSyncNowSchema>;
