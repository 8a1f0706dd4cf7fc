// A binary copy of the loaded dataset in DATA_DIR (`dataset-cache.bin`), so a restart of the
// embedded database reads one file instead of every profile and series row through PGlite:
// faster, and PGlite's WebAssembly memory (which never shrinks) is not grown by boot reads.
// The database stays the source of truth: the file is written after a generation or a load,
// and used only when its key matches the database's — the cluster's system identifier and
// the database oid (unique per initdb / CREATE DATABASE), the data version (bumped in the same
// transaction as every seed and import), and the calendar, source, seed and scale. A missing,
// foreign, older, truncated or corrupt file (SHA-1 over the whole content) is ignored and the
// dataset is read from the database as before.
//
// Layout: "SRDC" | u32 format | u32 header bytes | header JSON (key, profiles and links, and
// the series table shapes) | zero padding to 8 | each series prefix array's raw bytes, each
// padded to 8 | 20-byte SHA-1 of everything before it. Arrays are read straight into typed
// arrays of their own (no second copy of the ~60 MB of series at scale 1).
import { createHash, type Hash } from "node:crypto";
import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  deriveStats,
  ENTITY_KINDS,
  SeriesTable,
  type Dataset,
  type DatasetCore,
  type DatasetSeries,
  type EntityKind,
} from "../engine";
import type { DatasetMeta } from "./meta";

export const DATASET_CACHE_FILE = "dataset-cache.bin";
const MAGIC = "SRDC";
const FORMAT = 1;
const DIGEST_BYTES = 20;
// Writes and hashes in slices, so no call holds a large extra buffer.
const SLICE = 4 << 20;

/** What the cache must match; every field comes from the database. */
export interface CacheKey {
  systemIdentifier: string;
  databaseOid: string;
  dataVersion: number;
  source: string;
  seed: string | null;
  scale: number | null;
  startDate: string;
  endDate: string;
  days: number;
}

interface ArrayEntry {
  metric: string;
  type: "u32" | "f64";
  length: number;
}

interface Header {
  key: CacheKey;
  core: Omit<DatasetCore, "series">;
  series: Record<
    EntityKind,
    { metrics: string[]; rows: number; startDate: string; days: number; arrays: ArrayEntry[] }
  >;
}

/** The key of the dataset the database holds now (meta read by the caller). */
export async function cacheKeyOf(db: Db, meta: DatasetMeta): Promise<CacheKey> {
  const result = await db.execute(sql`
    SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system_identifier,
           (SELECT oid::text FROM pg_database WHERE datname = current_database()) AS database_oid`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    system_identifier: string;
    database_oid: string;
  }>;
  return {
    systemIdentifier: String(rows[0].system_identifier),
    databaseOid: String(rows[0].database_oid),
    dataVersion: meta.dataVersion,
    source: meta.source,
    seed: meta.seed,
    scale: meta.scale,
    startDate: meta.startDate,
    endDate: meta.endDate,
    days: meta.days,
  };
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;
const ZEROS = new Uint8Array(8);

/** Profiles without the derived parts (stats, images): deriveStats makes them again on read. */
function profileReplacer(this: unknown, key: string, value: unknown): unknown {
  return key === "stats" || key === "images" ? undefined : value;
}

function bytesOf(array: Float64Array | Uint32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** Writes the cache for `dataset` (a temporary file renamed over the old one). */
export function writeDatasetCache(dir: string, key: CacheKey, dataset: Dataset): void {
  const target = path.join(dir, DATASET_CACHE_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  const { series, calendar, markets, categories, shops, goods, influencers, videos, music, hashtags, showcase } =
    dataset;
  const arrays: Array<Float64Array | Uint32Array> = [];
  const shapes = Object.fromEntries(
    ENTITY_KINDS.map((kind) => {
      const table = series[kind] as SeriesTable;
      const prefix = table.prefixArrays();
      const entries = table.metrics.map((metric) => {
        const array = prefix[metric];
        arrays.push(array);
        return {
          metric,
          type: array instanceof Uint32Array ? "u32" : "f64",
          length: array.length,
        } satisfies ArrayEntry;
      });
      return [
        kind,
        {
          metrics: [...table.metrics],
          rows: table.rows,
          startDate: table.startDate,
          days: table.days,
          arrays: entries,
        },
      ];
    }),
  ) as Header["series"];
  const core = { calendar, markets, categories, shops, goods, influencers, videos, music, hashtags, showcase };
  const header = Buffer.from(JSON.stringify({ key, core, series: shapes }, profileReplacer), "utf8");

  const fd = openSync(temporary, "w");
  try {
    const hash = createHash("sha1");
    let position = 0;
    const put = (bytes: Uint8Array) => {
      for (let offset = 0; offset < bytes.length; offset += SLICE) {
        const slice = bytes.subarray(offset, Math.min(bytes.length, offset + SLICE));
        hash.update(slice);
        let done = 0;
        while (done < slice.length) done += writeSync(fd, slice, done, slice.length - done, position + done);
        position += slice.length;
      }
    };
    const intro = Buffer.alloc(12);
    intro.write(MAGIC, 0, "latin1");
    intro.writeUInt32LE(FORMAT, 4);
    intro.writeUInt32LE(header.length, 8);
    put(intro);
    put(header);
    put(ZEROS.subarray(0, pad8(position)));
    for (const array of arrays) {
      put(bytesOf(array));
      put(ZEROS.subarray(0, pad8(position)));
    }
    const digest = hash.digest();
    writeSync(fd, digest, 0, digest.length, position);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, target);
}

/** Removes the cache (e.g. when the database has no dataset any more). */
export function removeDatasetCache(dir: string): void {
  rmSync(path.join(dir, DATASET_CACHE_FILE), { force: true });
}

function readFully(fd: number, target: Uint8Array, position: number, hash: Hash): void {
  for (let offset = 0; offset < target.length; offset += SLICE) {
    const slice = target.subarray(offset, Math.min(target.length, offset + SLICE));
    let done = 0;
    while (done < slice.length) {
      const n = readSync(fd, slice, done, slice.length - done, position + offset + done);
      if (n === 0) throw new Error("dataset cache truncated");
      done += n;
    }
    hash.update(slice);
  }
}

function sameKey(a: CacheKey, b: CacheKey): boolean {
  return (
    (Object.keys(b) as Array<keyof CacheKey>).every((name) => a[name] === b[name]) &&
    Object.keys(a).length === Object.keys(b).length
  );
}

/**
 * The cached dataset when the file exists, is intact and matches `key`; otherwise null (the
 * reason in `why` for the log).
 */
export function readDatasetCache(dir: string, key: CacheKey, why: (reason: string) => void = () => {}): Dataset | null {
  const file = path.join(dir, DATASET_CACHE_FILE);
  if (!existsSync(file)) {
    why("no cache file");
    return null;
  }
  let fd: number | null = null;
  try {
    fd = openSync(file, "r");
    const size = fstatSync(fd).size;
    const hash = createHash("sha1");
    const intro = new Uint8Array(12);
    if (size < intro.length + DIGEST_BYTES) throw new Error("dataset cache truncated");
    readFully(fd, intro, 0, hash);
    const view = Buffer.from(intro.buffer);
    if (view.toString("latin1", 0, 4) !== MAGIC || view.readUInt32LE(4) !== FORMAT)
      throw new Error("not a dataset cache of this format");
    const headerLength = view.readUInt32LE(8);
    if (12 + headerLength + DIGEST_BYTES > size) throw new Error("dataset cache truncated");
    const headerBytes = Buffer.alloc(headerLength);
    readFully(fd, headerBytes, 12, hash);
    const header = JSON.parse(headerBytes.toString("utf8")) as Header;
    if (!sameKey(header.key, key)) {
      why("cache is for another dataset version or database");
      return null;
    }
    let position = 12 + headerLength;
    const skip = (n: number) => {
      if (n === 0) return;
      const padding = new Uint8Array(n);
      readFully(fd!, padding, position, hash);
      position += n;
    };
    skip(pad8(position));
    const series = {} as Record<EntityKind, SeriesTable>;
    for (const kind of ENTITY_KINDS) {
      const shape = header.series[kind];
      const prefix: Record<string, Float64Array | Uint32Array> = {};
      for (const entry of shape.arrays) {
        if (entry.length !== shape.rows * (shape.days + 1)) throw new Error("dataset cache: series shape mismatch");
        const array = entry.type === "u32" ? new Uint32Array(entry.length) : new Float64Array(entry.length);
        if (position + array.byteLength + DIGEST_BYTES > size) throw new Error("dataset cache truncated");
        readFully(fd, bytesOf(array), position, hash);
        position += array.byteLength;
        skip(pad8(position));
        prefix[entry.metric] = array;
      }
      series[kind] = new SeriesTable(shape.metrics, shape.rows, shape.startDate, shape.days, prefix);
    }
    if (position + DIGEST_BYTES !== size) throw new Error("dataset cache has trailing bytes");
    const digest = new Uint8Array(DIGEST_BYTES);
    let done = 0;
    while (done < DIGEST_BYTES) {
      const n = readSync(fd, digest, done, DIGEST_BYTES - done, position + done);
      if (n === 0) throw new Error("dataset cache truncated");
      done += n;
    }
    if (!Buffer.from(digest).equals(hash.digest())) throw new Error("dataset cache checksum mismatch");
    const core: DatasetCore = { ...header.core, series: series as unknown as DatasetSeries };
    for (const kind of ["shops", ...ENTITY_KINDS] as const) {
      if (kind !== "shops" && core[kind].length !== series[kind].rows)
        throw new Error("dataset cache: row count mismatch");
    }
    return deriveStats(core);
  } catch (error) {
    why(error instanceof Error ? error.message : String(error));
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
