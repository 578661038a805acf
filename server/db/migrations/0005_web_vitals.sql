-- Core Web Vitals as real visitors' browsers measured them (site/scripts/web-vitals.ts sends one
-- beacon per metric and page view). No cookie, account or address is kept: only which page, which
-- metric, its value and how the page was reached. value is milliseconds, except CLS (unitless).
create table web_vitals (
  id bigserial primary key,
  name text not null check (name in ('CLS', 'INP', 'FCP', 'LCP', 'TTFB')),
  value double precision not null check (value >= 0),
  rating text not null check (rating in ('good', 'needs-improvement', 'poor')),
  path text not null,
  navigation_type text not null default '',
  -- web-vitals' id of the measurement, unique per page view and metric.
  metric_id text not null default '',
  created_at timestamptz not null default now()
);

-- Reports read one metric over a recent window (p75 per page); pruning drops old rows by date.
create index web_vitals_name_created_at on web_vitals (name, created_at);
create index web_vitals_created_at on web_vitals (created_at);
