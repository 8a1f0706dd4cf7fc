// A chart's text alternative (components/Chart): a "Show data table" / "Hide data table" button
// (aria-expanded, aria-controls) under the plot reveals a real <table> of what the plot draws: a
// caption (the chart's title, else its series' names), a header row (the x values' name, then
// one column per series), a row header per date as the axis shows it and each value formatted as
// the legend and axes show it. Test id `chart-table` on the table.
import { useId, useState } from "react";
import { Trans } from "@lingui/react/macro";
import { useLocale } from "../state/system";
import "./chart-table.css";

export interface ChartDataTableProps {
  /** The table's caption; without it, the series' names as a list. */
  caption?: string;
  /** The x values as the chart's axis shows them (dates). */
  labels: readonly string[];
  /** The name of the x values (the first column's header). */
  xLabel: string;
  series: readonly { label: string; values: readonly number[]; format: (value: number) => string }[];
}

export function ChartDataTable({ caption, labels, xLabel, series }: ChartDataTableProps) {
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = caption ?? new Intl.ListFormat(locale).format(series.map((line) => line.label));
  return (
    <div className="chart-table">
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? <Trans>Hide data table</Trans> : <Trans>Show data table</Trans>}
      </button>
      <div id={id} className="chart-table__scroll" hidden={!open}>
        {open && (
          <table className="chart-table__table" data-testid="chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{xLabel}</th>
                {series.map((line, index) => (
                  <th key={index} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, row) => (
                <tr key={row}>
                  <th scope="row">{label}</th>
                  {series.map((line, index) => (
                    <td key={index}>{line.format(line.values[row])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
