// A content hash of a whole dataset (entities, links and every daily value): equal hashes
// mean equal datasets. Used by the determinism tests and usable as a data version.
import { createHash } from "node:crypto";
import { ENTITY_KINDS } from "../model/entities";
import type { SeriesTable } from "../series/series-table";
import type { Dataset } from "./dataset";

export function datasetHash(dataset: Dataset): string {
  const hash = createHash("sha256");
  const { series, ...records } = dataset;
  hash.update(JSON.stringify(records));
  for (const kind of ENTITY_KINDS) {
    const table = series[kind] as SeriesTable;
    hash.update(`${kind}:${table.startDate}:${table.days}:${table.rows}`);
    for (const metric of table.metrics) {
      const prefix = table.prefixArrays()[metric];
      hash.update(new Uint8Array(prefix.buffer, prefix.byteOffset, prefix.byteLength));
    }
  }
  return hash.digest("hex");
}
