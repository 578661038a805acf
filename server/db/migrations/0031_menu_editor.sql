-- The menu editor in the admin area (/staff/admin/#menu).
--
-- A category can be hidden (left out of GET /api/menus/ and so out of ordering) and can be served
-- only at times: a JSON array of windows, each some weekdays and a from/to wall time in the
-- restaurant's time zone, like [{"days":["monday","friday"],"from":"11:00","to":"15:00"}].
-- An empty array means whenever the restaurant takes orders.
alter table menu_categories add column visible boolean not null default true;
alter table menu_categories add column windows jsonb not null default '[]'::jsonb;

-- Photos uploaded in the editor, resized once at upload to every width the widget and the site
-- show, as AVIF and WebP. The bytes live in the database, so every replica serves every photo
-- with no shared disk or bucket, and a backup holds them. A photo's id is a hash of what was
-- uploaded: its URLs never change meaning, so they are cached as immutable.
create table menu_photo_variants (
  photo_id text not null,
  width integer not null check (width > 0),
  format text not null check (format in ('avif', 'webp')),
  bytes bytea not null,
  created_at timestamptz not null default now(),
  primary key (photo_id, width, format)
);
