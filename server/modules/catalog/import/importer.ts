// `data:import` as a function: validate every line (bad ones reported with line number and
// reason, good ones kept), choose the calendar (the stored one, moved forward when the file has
// later days up to yesterday; for a first import it ends on the file's last day), write in one
// transaction, then load the result back, report dangling references of the imported records
// and recompute every rank list. The new snapshot version makes running servers reload.
import type { Db } from "../../../db/client";
import {
  addDays,
  buildDataset,
  businessDate,
  calendarEndingOn,
  DEFAULT_DAYS,
  entityRecords,
  KIND_OF_DAILY_ENTITY,
  type BuildProblem,
  type Calendar,
  type LineResult,
} from "../engine";
import { recomputeAllLists, type Recomputed } from "../jobs/recompute";
import { calendarOf, readMeta } from "../store/meta";
import { loadDataset } from "../store/read-dataset";
import { collect, type BadLine, type Collected } from "./collect";
import { writeImport } from "./write-import";

export interface ImportSummary {
  lines: number;
  loaded: number;
  counts: Collected["counts"];
  bad: BadLine[];
  /** Dangling references and days outside the calendar, for the imported records. */
  problems: BuildProblem[];
  calendar: Calendar;
  version: number | null;
  recomputed: Recomputed | null;
}

function chooseCalendar(stored: Calendar | null, c: Collected, now: Date): Calendar {
  const yesterday = addDays(businessDate(now), -1);
  let last: string | null = null;
  for (const byId of c.daily.values())
    for (const byDate of byId.values())
      for (const date of byDate.keys()) if (date <= yesterday && (!last || date > last)) last = date;
  if (!stored) return calendarEndingOn(last ?? yesterday, DEFAULT_DAYS);
  return last && last > stored.endDate ? calendarEndingOn(last, stored.days) : stored;
}

/** Drops daily values outside the calendar, reporting each (entity, id) once per line of dates. */
function dropOutside(c: Collected, calendar: Calendar): BuildProblem[] {
  const problems: BuildProblem[] = [];
  for (const [entity, byId] of c.daily) {
    for (const [id, byDate] of byId) {
      for (const date of byDate.keys()) {
        if (date < calendar.startDate || date > calendar.endDate) {
          problems.push({
            subject: `daily ${entity} ${id} ${date}`,
            reason: `date outside ${calendar.startDate}..${calendar.endDate}`,
          });
          byDate.delete(date);
        }
      }
    }
  }
  return problems;
}

function importedSubjects(c: Collected): Set<string> {
  const subjects = new Set<string>();
  for (const id of c.categories.keys()) subjects.add(`category ${id}`);
  for (const [type, map] of [
    ["shop", c.shops],
    ["goods", c.goods],
    ["influencer", c.influencers],
    ["video", c.videos],
  ] as const) {
    for (const id of map.keys()) subjects.add(`${type} ${id}`);
  }
  for (const link of c.links.values()) subjects.add(`link ${link.influencerId} -> ${link.goodsId}`);
  return subjects;
}

export async function importLines(
  db: Db,
  lines: AsyncIterable<LineResult>,
  now: Date,
  options: { recompute?: boolean } = {},
): Promise<ImportSummary> {
  const c = await collect(lines);
  const meta = await readMeta(db);
  const calendar = chooseCalendar(meta ? calendarOf(meta) : null, c, now);
  const problems = dropOutside(c, calendar);
  const version = c.good > 0 ? await writeImport(db, c, calendar) : null;
  const loaded = await loadDataset(db);
  if (loaded) {
    const subjects = importedSubjects(c);
    problems.push(
      ...buildDataset(entityRecords(loaded.dataset), loaded.dataset.calendar).problems.filter((p) =>
        subjects.has(p.subject),
      ),
    );
    for (const [entity, byId] of c.daily) {
      const rows = loaded.dataset[KIND_OF_DAILY_ENTITY[entity]];
      const known = new Set(rows.map((row) => row.id));
      for (const id of byId.keys())
        if (!known.has(id)) problems.push({ subject: `daily ${entity} ${id}`, reason: `no ${entity} with this id` });
    }
  }
  return {
    lines: c.lines,
    loaded: c.good,
    counts: c.counts,
    bad: c.bad,
    problems,
    calendar,
    version,
    recomputed: loaded && options.recompute !== false ? recomputeAllLists(loaded.dataset) : null,
  };
}
