// Streams an NDJSON file (or any readable) line by line, validated, with 1-based line numbers;
// blank lines are skipped. Memory stays flat however large the file is.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { validateImportLine, type LineResult } from "./validate-line";

export async function* readImportLines(input: Readable): AsyncGenerator<LineResult> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const textLine of lines) {
    line++;
    if (!textLine.trim()) continue;
    yield validateImportLine(line === 1 ? textLine.replace(/^\uFEFF/, "") : textLine, line);
  }
}

export function readImportFile(path: string): AsyncGenerator<LineResult> {
  return readImportLines(createReadStream(path, { encoding: "utf8" }));
}
