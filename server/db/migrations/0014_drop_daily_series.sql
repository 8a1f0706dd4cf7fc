-- The month blocks (migration 0013) become the stored daily figures and daily_series (one row
-- per entity, the metrics as JSON text) is dropped: the seed writes blocks, the import merges
-- its days into them and the boot reads them (store/daily-figures.ts, store/month-blocks.ts).
-- Hand-written. A database that still holds daily_series rows (stored before this migration,
-- when the blocks were not written) gets its blocks derived from them first, in SQL, with the
-- monthly partitions they need (replacing any block derived earlier), so no daily figure is
-- lost; an empty table costs nothing. Blocks derived here run to each series' last day within
-- the month (the writers cut them after the last active day): readers accept both.
DO $$
DECLARE
  first_month date;
  last_day date;
  month date;
  kind text;
BEGIN
  SELECT date_trunc('month', min(s.start_date))::date, max(s.start_date + jsonb_array_length(e.value) - 1)
    INTO first_month, last_day
    FROM daily_series s CROSS JOIN LATERAL jsonb_each(s."values"::jsonb) e;
  IF first_month IS NULL THEN
    RETURN;
  END IF;
  FOREACH kind IN ARRAY ARRAY['goods', 'influencers', 'videos', 'music', 'hashtags'] LOOP
    EXECUTE format('TRUNCATE %I', kind || '_months');
  END LOOP;
  month := first_month;
  WHILE month <= last_day LOOP
    FOREACH kind IN ARRAY ARRAY['goods', 'influencers', 'videos', 'music', 'hashtags'] LOOP
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        kind || '_months_' || to_char(month, 'YYYY_MM'), kind || '_months', month, (month + interval '1 month')::date);
    END LOOP;
    month := (month + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "goods_months" ("id", "month", "first_active", "sales_volume", "revenue", "views", "likes", "comments")
SELECT "id", "month", min("day") FILTER (WHERE "active"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("sales_volume" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("revenue" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("views" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("likes" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("comments" ORDER BY "day")
FROM (
  SELECT x."id", x."day", date_trunc('month', x."day")::date AS "month",
    (x."sales_volume" <> 0 OR x."revenue" <> 0 OR x."views" <> 0 OR x."likes" <> 0 OR x."comments" <> 0) AS "active",
    (sum(x."sales_volume") OVER running)::bigint AS "sales_volume",
    (sum(x."revenue") OVER running)::bigint AS "revenue",
    (sum(x."views") OVER running)::bigint AS "views",
    (sum(x."likes") OVER running)::bigint AS "likes",
    (sum(x."comments") OVER running)::bigint AS "comments"
  FROM (
    SELECT s."id", s."start_date" + (d.k - 1)::integer AS "day",
      coalesce(d."sales_volume"::numeric, 0)::bigint AS "sales_volume",
      coalesce(d."revenue"::numeric, 0)::bigint AS "revenue",
      coalesce(d."views"::numeric, 0)::bigint AS "views",
      coalesce(d."likes"::numeric, 0)::bigint AS "likes",
      coalesce(d."comments"::numeric, 0)::bigint AS "comments"
    FROM (SELECT "id", "start_date", "values"::jsonb AS v FROM "daily_series" WHERE "entity" = 'goods' OFFSET 0) s
    CROSS JOIN LATERAL ROWS FROM (jsonb_array_elements_text(s.v->'salesVolume'), jsonb_array_elements_text(s.v->'revenue'), jsonb_array_elements_text(s.v->'views'), jsonb_array_elements_text(s.v->'likes'), jsonb_array_elements_text(s.v->'comments'))
      WITH ORDINALITY AS d("sales_volume", "revenue", "views", "likes", "comments", k)
  ) x
  WINDOW running AS (PARTITION BY x."id", date_trunc('month', x."day") ORDER BY x."day")
) y
GROUP BY "id", "month"
HAVING bool_or("active");
--> statement-breakpoint
INSERT INTO "influencers_months" ("id", "month", "first_active", "followers_gained", "sales_volume", "revenue", "views")
SELECT "id", "month", min("day") FILTER (WHERE "active"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("followers_gained" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("sales_volume" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("revenue" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("views" ORDER BY "day")
FROM (
  SELECT x."id", x."day", date_trunc('month', x."day")::date AS "month",
    (x."followers_gained" <> 0 OR x."sales_volume" <> 0 OR x."revenue" <> 0 OR x."views" <> 0) AS "active",
    (sum(x."followers_gained") OVER running)::bigint AS "followers_gained",
    (sum(x."sales_volume") OVER running)::bigint AS "sales_volume",
    (sum(x."revenue") OVER running)::bigint AS "revenue",
    (sum(x."views") OVER running)::bigint AS "views"
  FROM (
    SELECT s."id", s."start_date" + (d.k - 1)::integer AS "day",
      coalesce(d."followers_gained"::numeric, 0)::bigint AS "followers_gained",
      coalesce(d."sales_volume"::numeric, 0)::bigint AS "sales_volume",
      coalesce(d."revenue"::numeric, 0)::bigint AS "revenue",
      coalesce(d."views"::numeric, 0)::bigint AS "views"
    FROM (SELECT "id", "start_date", "values"::jsonb AS v FROM "daily_series" WHERE "entity" = 'influencers' OFFSET 0) s
    CROSS JOIN LATERAL ROWS FROM (jsonb_array_elements_text(s.v->'followersGained'), jsonb_array_elements_text(s.v->'salesVolume'), jsonb_array_elements_text(s.v->'revenue'), jsonb_array_elements_text(s.v->'views'))
      WITH ORDINALITY AS d("followers_gained", "sales_volume", "revenue", "views", k)
  ) x
  WINDOW running AS (PARTITION BY x."id", date_trunc('month', x."day") ORDER BY x."day")
) y
GROUP BY "id", "month"
HAVING bool_or("active");
--> statement-breakpoint
INSERT INTO "videos_months" ("id", "month", "first_active", "views", "likes", "comments", "shares", "sales_volume", "revenue")
SELECT "id", "month", min("day") FILTER (WHERE "active"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("views" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("likes" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("comments" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("shares" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("sales_volume" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("revenue" ORDER BY "day")
FROM (
  SELECT x."id", x."day", date_trunc('month', x."day")::date AS "month",
    (x."views" <> 0 OR x."likes" <> 0 OR x."comments" <> 0 OR x."shares" <> 0 OR x."sales_volume" <> 0 OR x."revenue" <> 0) AS "active",
    (sum(x."views") OVER running)::bigint AS "views",
    (sum(x."likes") OVER running)::bigint AS "likes",
    (sum(x."comments") OVER running)::bigint AS "comments",
    (sum(x."shares") OVER running)::bigint AS "shares",
    (sum(x."sales_volume") OVER running)::bigint AS "sales_volume",
    (sum(x."revenue") OVER running)::bigint AS "revenue"
  FROM (
    SELECT s."id", s."start_date" + (d.k - 1)::integer AS "day",
      coalesce(d."views"::numeric, 0)::bigint AS "views",
      coalesce(d."likes"::numeric, 0)::bigint AS "likes",
      coalesce(d."comments"::numeric, 0)::bigint AS "comments",
      coalesce(d."shares"::numeric, 0)::bigint AS "shares",
      coalesce(d."sales_volume"::numeric, 0)::bigint AS "sales_volume",
      coalesce(d."revenue"::numeric, 0)::bigint AS "revenue"
    FROM (SELECT "id", "start_date", "values"::jsonb AS v FROM "daily_series" WHERE "entity" = 'videos' OFFSET 0) s
    CROSS JOIN LATERAL ROWS FROM (jsonb_array_elements_text(s.v->'views'), jsonb_array_elements_text(s.v->'likes'), jsonb_array_elements_text(s.v->'comments'), jsonb_array_elements_text(s.v->'shares'), jsonb_array_elements_text(s.v->'salesVolume'), jsonb_array_elements_text(s.v->'revenue'))
      WITH ORDINALITY AS d("views", "likes", "comments", "shares", "sales_volume", "revenue", k)
  ) x
  WINDOW running AS (PARTITION BY x."id", date_trunc('month', x."day") ORDER BY x."day")
) y
GROUP BY "id", "month"
HAVING bool_or("active");
--> statement-breakpoint
INSERT INTO "music_months" ("id", "month", "first_active", "uses", "views")
SELECT "id", "month", min("day") FILTER (WHERE "active"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("uses" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("views" ORDER BY "day")
FROM (
  SELECT x."id", x."day", date_trunc('month', x."day")::date AS "month",
    (x."uses" <> 0 OR x."views" <> 0) AS "active",
    (sum(x."uses") OVER running)::bigint AS "uses",
    (sum(x."views") OVER running)::bigint AS "views"
  FROM (
    SELECT s."id", s."start_date" + (d.k - 1)::integer AS "day",
      coalesce(d."uses"::numeric, 0)::bigint AS "uses",
      coalesce(d."views"::numeric, 0)::bigint AS "views"
    FROM (SELECT "id", "start_date", "values"::jsonb AS v FROM "daily_series" WHERE "entity" = 'music' OFFSET 0) s
    CROSS JOIN LATERAL ROWS FROM (jsonb_array_elements_text(s.v->'uses'), jsonb_array_elements_text(s.v->'views'))
      WITH ORDINALITY AS d("uses", "views", k)
  ) x
  WINDOW running AS (PARTITION BY x."id", date_trunc('month', x."day") ORDER BY x."day")
) y
GROUP BY "id", "month"
HAVING bool_or("active");
--> statement-breakpoint
INSERT INTO "hashtags_months" ("id", "month", "first_active", "uses", "views")
SELECT "id", "month", min("day") FILTER (WHERE "active"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("uses" ORDER BY "day"),
  array_fill(0::bigint, ARRAY[extract(day FROM min("day"))::integer - 1]) || array_agg("views" ORDER BY "day")
FROM (
  SELECT x."id", x."day", date_trunc('month', x."day")::date AS "month",
    (x."uses" <> 0 OR x."views" <> 0) AS "active",
    (sum(x."uses") OVER running)::bigint AS "uses",
    (sum(x."views") OVER running)::bigint AS "views"
  FROM (
    SELECT s."id", s."start_date" + (d.k - 1)::integer AS "day",
      coalesce(d."uses"::numeric, 0)::bigint AS "uses",
      coalesce(d."views"::numeric, 0)::bigint AS "views"
    FROM (SELECT "id", "start_date", "values"::jsonb AS v FROM "daily_series" WHERE "entity" = 'hashtags' OFFSET 0) s
    CROSS JOIN LATERAL ROWS FROM (jsonb_array_elements_text(s.v->'uses'), jsonb_array_elements_text(s.v->'views'))
      WITH ORDINALITY AS d("uses", "views", k)
  ) x
  WINDOW running AS (PARTITION BY x."id", date_trunc('month', x."day") ORDER BY x."day")
) y
GROUP BY "id", "month"
HAVING bool_or("active");
--> statement-breakpoint
DROP TABLE "daily_series" CASCADE;
