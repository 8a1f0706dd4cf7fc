// /compare?type=goods|influencers&ids=a,b,c: up to 4 items side by side. Each item's detail is
// loaded like a detail page (one detail view per item per day, the server's rule); an item the
// plan refuses (801) or that is gone shows so in its own column. Key figures in aligned rows
// with the best value marked ("Best", visible and read out), "Remove" per item (from the
// address and the tray), and the overlaid trend charts (CompareTrends). Test ids:
// `compare-page` (data-type, data-count), `compare-item` (data-id, data-state), `compare-figures`,
// `compare-row-{key}`, `compare-best`.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation, useSearch } from "wouter";
import { ApiError } from "../../../api/client";
import { goodsDetail, influencerDetail } from "../../../api/details";
import { figureText } from "../../../components/figures";
import { Thumbnail } from "../../../components/Thumbnail";
import { COMPARE_KINDS, COMPARE_MAX_ITEMS, type CompareKind } from "../../../features/compare/compare-kinds";
import { removeFromCompare } from "../../../features/compare/compare-tray";
import { useAsync } from "../../../hooks/use-async";
import { detailHref } from "../../../routing/detail-links";
import { hrefFor } from "../../../routing/paths";
import { openPlanDetails } from "../../../state/price";
import { useLocale } from "../../../state/system";
import { useToken } from "../../../state/user";
import { bestIndexes, compareIds, FIGURE_ROWS, goodsItem, influencerItem, type ComparedItem } from "./compare-figures";
import { CompareTrends } from "./CompareTrends";
import "./compare.css";

/** One column: the item, or why it is not shown. */
type Column = { id: string } & ({ state: "ready"; item: ComparedItem } | { state: "blocked" | "missing" | "failed" });

const PLAN_LIMITS = [801, 802, 803];

async function loadColumn(kind: CompareKind, id: string): Promise<Column> {
  try {
    const item =
      kind === "goods" ? goodsItem(id, await goodsDetail(id)) : influencerItem(id, await influencerDetail(id));
    return { id, state: "ready", item };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { id, state: "missing" };
    if (error instanceof ApiError && PLAN_LIMITS.includes(error.code)) return { id, state: "blocked" };
    return { id, state: "failed" };
  }
}

export default function ComparePage() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const token = useToken();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const rawType = query.get("type") ?? "goods";
  const kind: CompareKind = (COMPARE_KINDS as readonly string[]).includes(rawType) ? (rawType as CompareKind) : "goods";
  const ids = compareIds(query.get("ids") ?? "", COMPARE_MAX_ITEMS);
  const idsKey = ids.join(",");
  const columns = useAsync(() => Promise.all(ids.map((id) => loadColumn(kind, id))), [kind, idsKey, token]);

  const remove = (id: string) => {
    void removeFromCompare(id);
    const rest = ids.filter((other) => other !== id);
    navigate(hrefFor("compare", { type: kind, ids: rest.join(",") }), { replace: true });
  };

  if (ids.length === 0) {
    return (
      <div className="empty-state" data-testid="compare-page" data-type={kind} data-count={0}>
        <p className="empty-state__title">
          <Trans>Nothing to compare yet</Trans>
        </p>
        <p>
          <Trans>Tap "Compare" on up to 4 products or influencers, then "Compare now".</Trans>
        </p>
      </div>
    );
  }

  // Until the answer for these ids arrives, the columns kept from before (minus removed ones).
  const shown = (columns.data ?? ids.map((id): Column => ({ id, state: "failed" }))).filter((column) =>
    ids.includes(column.id),
  );
  const ready = shown.flatMap((column) => (column.state === "ready" ? [column.item] : []));
  const currencies = new Set(ready.map((item) => item.currency));
  const loading = columns.data === undefined && !columns.error;

  return (
    <div className="compare" data-testid="compare-page" data-type={kind} data-count={ids.length}>
      <section className="card compare__card">
        <h2 className="card__title">
          {kind === "goods" ? <Trans>Compare products</Trans> : <Trans>Compare influencers</Trans>}
        </h2>
        <div className="compare__scroll">
          <table className="compare-table" data-testid="compare-figures" aria-busy={loading}>
            <thead>
              <tr>
                <td />
                {shown.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    data-testid="compare-item"
                    data-id={column.id}
                    data-state={loading ? "loading" : column.state}
                  >
                    <ItemHead kind={kind} column={column} loading={loading} onRemove={() => remove(column.id)} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FIGURE_ROWS[kind].map((row) => {
                const values = shown.map((column) =>
                  column.state === "ready" ? (column.item.figures[row.key] ?? null) : null,
                );
                const best = bestIndexes(values, row.better, row.kind !== "money" || currencies.size <= 1);
                return (
                  <tr key={row.key} data-testid={`compare-row-${row.key}`}>
                    <th scope="row">{i18n._(row.label)}</th>
                    {shown.map((column, index) => (
                      <td key={column.id} className={best.includes(index) ? "compare-table__best" : undefined}>
                        {column.state === "ready"
                          ? figureText(row.kind, values[index], column.item.currency, locale)
                          : ""}
                        {best.includes(index) && (
                          <span className="compare-best" data-testid="compare-best">
                            <Trans>Best</Trans>
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {shown.some((column) => column.state === "blocked") && (
          <p className="compare__note">
            <Trans>Some items could not be opened: your daily detail views are used up.</Trans>{" "}
            <button type="button" className="button button--small" onClick={openPlanDetails}>
              <Trans>See what each plan unlocks</Trans>
            </button>
          </p>
        )}
      </section>
      {ready.length > 0 && <CompareTrends kind={kind} items={ready} />}
    </div>
  );
}

function ItemHead({
  kind,
  column,
  loading,
  onRemove,
}: {
  kind: CompareKind;
  column: Column;
  loading: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const name = column.state === "ready" ? column.item.name : column.id;
  return (
    <div className="compare-head">
      {column.state === "ready" ? (
        <Link href={detailHref(kind, column.id)} className="compare-head__link">
          <Thumbnail src={column.item.image} kind={column.item.imageKind} size={56} eager />
          <span className="compare-head__name">{column.item.name}</span>
        </Link>
      ) : (
        <span className="compare-head__name muted">
          {loading ? (
            <Trans>Loading…</Trans>
          ) : column.state === "blocked" ? (
            <Trans>Daily detail views used up</Trans>
          ) : column.state === "missing" ? (
            <Trans>This item could not be found.</Trans>
          ) : (
            <Trans>This item could not be loaded.</Trans>
          )}
        </span>
      )}
      <button type="button" className="button button--small" aria-label={t`Remove ${name}`} onClick={onRemove}>
        <Trans>Remove</Trans>
      </button>
    </div>
  );
}
