-- Scheduled orders and the "pause online ordering" switch (issue 7). An order's scheduled_for is
-- when the food should be ready; null is as soon as possible. store_status holds one row.
alter table orders add column scheduled_for timestamptz null;

create table store_status (
  id boolean primary key default true check (id),
  paused boolean not null default false,
  paused_at timestamptz
);
insert into store_status (id, paused) values (true, false);
