// Makes an acknowledged commit of the embedded database reach the disk. PGlite's files go
// through Emscripten's NODEFS, whose streams have no fsync (fsync() from PostgreSQL returns
// without doing anything) and whose fdatasync is a stub: even with fsync=on, nothing was synced,
// so an OS crash or power cut could lose commits already answered. This gives NODEFS streams a
// real fsync (fs.fsyncSync on the host file) and has PostgreSQL sync its WAL with fsync()
// (wal_sync_method=fsync) at every commit, and its data files at checkpoints.
// bench/faults.ts prints what it costs.
import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";

/** Start parameters that route every WAL flush through fsync(). */
export const DURABLE_START_PARAMS = ["-c", "wal_sync_method=fsync"] as const;

interface NodeFsModule {
  NODEFS?: {
    stream_ops: { fsync?: (stream: { nfd: number }) => number };
    tryFSOperation: <T>(operation: () => T) => T;
  };
}

/** Installs the real fsync on the instance's NODEFS (a database on disk); false when there is none. */
export function syncWritesToDisk(client: PGlite): boolean {
  const nodefs = (client.Module as unknown as NodeFsModule).NODEFS;
  if (!nodefs) return false;
  // tryFSOperation turns a host error into the errno PostgreSQL expects (a failed fsync of a
  // data file is then a PANIC, as on any PostgreSQL: the commit is not acknowledged).
  nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => (fs.fsyncSync(stream.nfd), 0));
  return true;
}
