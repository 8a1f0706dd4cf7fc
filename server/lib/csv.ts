// CSV downloads (lists, favourites, the monitor list, a detail's trend): rows written by
// csv-stringify (RFC 4180 quoting of commas, quotes and line breaks) with a UTF-8 byte-order
// mark so spreadsheet apps read Vietnamese and Thai correctly, sent as an attachment. Cells
// that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return at the start of
// text) are prefixed with an apostrophe, as OWASP advises for CSV injection.
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvTable {
  header: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

const FORMULA_START = /^[=+\-@\t\r]/;

function safeCell(cell: CsvCell): string | number | null {
  if (cell === undefined || cell === null) return null;
  // csv-stringify would write 1 and an empty cell; a reader expects the words.
  if (typeof cell === "boolean") return cell ? "true" : "false";
  if (typeof cell !== "string") return cell;
  // A negative number written as text stays a number to a spreadsheet; anything else is quoted.
  return FORMULA_START.test(cell) && !/^-\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
}

/** The file's text: BOM, header row, then the rows, CRLF line ends. */
export function csvText(table: CsvTable): string {
  return stringify([table.header.map(safeCell), ...table.rows.map((row) => row.map(safeCell))], {
    bom: true,
    record_delimiter: "windows",
  });
}

/** Sends the table as a download named `<name>.csv` (an ASCII name; see RFC 6266). */
export function sendCsv(reply: FastifyReply, name: string, table: CsvTable): FastifyReply {
  const safeName = name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 80) || "export";
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${safeName}.csv"`)
    .send(csvText(table));
}
