// Rank history of a music or hashtag page: its place in the market's daily "hot" list over the
// last days, newest first, with its best place; days it was not listed say so. Test id
// `rank-history`.
import { Trans, useLingui } from "@lingui/react/macro";
import { formatBusinessDate } from "../../lib/format";
import { useLocale } from "../../state/system";

export interface RankHistoryProps {
  history: readonly { date: string; rank: number | null }[];
}

export function RankHistory({ history }: RankHistoryProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const ranks = history.flatMap((day) => (day.rank === null ? [] : [day.rank]));
  const best = ranks.length > 0 ? Math.min(...ranks) : null;
  return (
    <section className="card" data-testid="rank-history">
      <h2 className="card__title">
        <Trans>Rank history</Trans>
      </h2>
      <p className="card__note">
        {best === null ? <Trans>Not in the daily hot list lately.</Trans> : <Trans>Best daily rank: #{best}</Trans>}
      </p>
      {/* A scrolling box: focusable so keyboard users can scroll it too. */}
      <div className="rank-history" role="region" tabIndex={0} aria-label={t`Daily rank in the hot list`}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Rank`}</th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((day) => (
              <tr key={day.date}>
                <td>{formatBusinessDate(day.date, locale)}</td>
                <td>{day.rank === null ? t`Not listed` : `#${day.rank}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
