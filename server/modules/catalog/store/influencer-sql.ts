// The influencer detail page's own blocks read from the database, as services/details/
// influencers.ts answers them from the engine: the basic analysis of the last 30 days of the
// calendar (the influencer's sums over those days from the month blocks, and the videos posted
// in them, by business day, with their totals) and the calendar of a month (posts per business
// day, sales and revenue per day through trend-sql.ts). Undefined for an id not stored. The
// analysis is a prepared statement (store/prepared.ts), one per calendar.
import { sql } from "drizzle-orm";
import { addDays, BUSINESS_OFFSET_HOURS, BUSINESS_TIME_ZONE, type BusinessDate, type Calendar } from "../engine";
import { money } from "../services/present";
import { calendarBlocks, calendarSpan, lastDaysSpan, rowsOf, spanSum } from "./calendar-sums";
import type { Queryable } from "./meta";
import { calendarKey, runPrepared } from "./prepared";
import { readTrend } from "./trend-sql";

export const ANALYSIS_DAYS = 30;

/** A video's post day on the business clock (London wall-clock time plus the offset). */
const POST_DAY = sql.raw(
  `((v.posted_at AT TIME ZONE '${BUSINESS_TIME_ZONE}') + interval '${BUSINESS_OFFSET_HOURS} hour')::date`,
);

const num = (value: unknown) => Number(value ?? 0);

export async function readInfluencerAnalysis(db: Queryable, calendar: Calendar, id: string) {
  const span = lastDaysSpan(calendar, ANALYSIS_DAYS);
  const sums = (metric: string) => spanSum("influencers", metric, calendar, span);
  const total = (metric: string) => spanSum("videos", metric, calendar, calendarSpan(calendar));
  const figure = (column: string) => sql<number>`${sql.raw(column)}`;
  const build = () =>
    db
      .select({
        followers_gained: figure("s.followers_gained"),
        views: figure("s.views"),
        sales_volume: figure("s.sales_volume"),
        revenue: figure("s.revenue"),
        posted: figure("r.posted"),
        recent_views: figure("r.recent_views"),
        engaged: figure("r.engaged"),
      })
      .from(
        sql`influencers e
      CROSS JOIN LATERAL (
        SELECT ${sums("followersGained")} AS followers_gained, ${sums("views")} AS views,
          ${sums("salesVolume")} AS sales_volume, ${sums("revenue")} AS revenue
        FROM influencers_months b WHERE b.id = e.id AND ${calendarBlocks(calendar)}
      ) s
      CROSS JOIN LATERAL (
        SELECT count(*)::integer AS posted, coalesce(sum(t.views), 0)::float8 AS recent_views,
          coalesce(sum(t.engaged), 0)::float8 AS engaged
        FROM videos v CROSS JOIN LATERAL (
          -- Each video's blocks read once for its four totals.
          SELECT ${total("views")} AS views, ${total("likes")} + ${total("comments")} + ${total("shares")} AS engaged
          FROM videos_months b WHERE b.id = v.id AND ${calendarBlocks(calendar)}
        ) t
        WHERE v.influencer_id = e.id AND ${POST_DAY} BETWEEN ${span.from}::date AND ${span.to}::date
      ) r`,
      )
      .where(sql`e.id = ${sql.placeholder("id")}`);
  const [row] = await runPrepared(db, `influencer-analysis|${calendarKey(calendar)}`, build, { id });
  if (!row) return undefined;
  const posted = num(row.posted);
  const recentViews = num(row.recent_views);
  return {
    days: ANALYSIS_DAYS,
    followers_gained: num(row.followers_gained),
    views: num(row.views),
    sales_volume: num(row.sales_volume),
    revenue: money(num(row.revenue)),
    videos_posted: posted,
    average_views: posted ? Math.round(recentViews / posted) : 0,
    engagement_rate: recentViews ? num(row.engaged) / recentViews : null,
  };
}

/** Posts and sales per day of a month (`YYYY-MM`, default the month of the calendar's last day). */
export async function readInfluencerCalendar(db: Queryable, calendar: Calendar, id: string, month: string | undefined) {
  const first: BusinessDate = `${month ?? calendar.endDate.slice(0, 7)}-01`;
  let last = first;
  while (addDays(last, 1).slice(0, 7) === first.slice(0, 7)) last = addDays(last, 1);
  const days = Number(last.slice(8, 10));
  const trend = await readTrend(db, calendar, "influencers", id, { start: first, end: last, days });
  if (!trend) return undefined;
  const posts = new Map(
    rowsOf<{ day: string; posts: number }>(
      await db.execute(sql`SELECT ${POST_DAY}::text AS day, count(*)::integer AS posts FROM videos v
        WHERE v.influencer_id = ${id} AND ${POST_DAY} BETWEEN ${first}::date AND ${last}::date GROUP BY 1`),
    ).map((row) => [row.day, num(row.posts)]),
  );
  return {
    month: first.slice(0, 7),
    days: trend.points.map((point) => {
      const figures: Record<string, unknown> = point;
      return {
        date: point.date,
        posts: posts.get(point.date) ?? 0,
        sales_volume: figures.sales_volume as number,
        revenue: figures.revenue as number,
      };
    }),
  };
}
