// "My invites" of /fission: "{n} friends invited, {m} rewarded" (counts of invite-code), then the
// invitees of invite-pick-records, newest first: masked name, sign-up date, and "Rewarded +7 days"
// or why the invite earned nothing; more rows load at the end of the list.
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { INVITE_RECORDS_PAGE_SIZE, inviteRecords, type InviteRecord } from "../../api/invites";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadMore } from "../../components/LoadMore";
import { usePagedList } from "../../hooks/use-paged-list";
import { formatDate } from "../../lib/format";
import { useLocale } from "../../state/system";
import { recordOutcome } from "./labels";

function RecordRow({ record }: { record: InviteRecord }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <li
      className="invite-record"
      data-testid="invite-record"
      data-rewarded={record.rewarded}
      data-refusal={record.refusal ?? ""}
    >
      <span className="invite-record__who">{record.invitee}</span>
      <span className="invite-record__date">{formatDate(record.registeredAt, locale)}</span>
      <span
        className={
          record.rewarded ? "invite-record__outcome invite-record__outcome--rewarded" : "invite-record__outcome"
        }
      >
        {recordOutcome(record, i18n)}
      </span>
    </li>
  );
}

export function InviteRecords({ invited, rewarded }: { invited: number; rewarded: number }) {
  const { t } = useLingui();
  const records = usePagedList(
    async (page) => ({ ...(await inviteRecords(page)), size: INVITE_RECORDS_PAGE_SIZE }),
    [],
  );
  return (
    <section className="card" aria-labelledby="invite-records-title" data-testid="invite-records">
      <h2 className="card__title" id="invite-records-title">
        <Trans>My invites</Trans>
      </h2>
      <p className="card__note" data-testid="invite-counts" data-invited={invited} data-rewarded={rewarded}>
        {t`${plural(invited, {
          one: `# friend invited, ${rewarded} rewarded`,
          other: `# friends invited, ${rewarded} rewarded`,
        })}`}
      </p>
      {records.failed && records.rows.length === 0 ? (
        <LoadFailed onRetry={() => void records.refresh()}>
          <Trans>Your invites could not be loaded.</Trans>
        </LoadFailed>
      ) : !records.initial && records.rows.length === 0 ? (
        <p className="card__note" data-testid="invite-records-empty">
          <Trans>No invites yet. Friends who sign up through your link show here.</Trans>
        </p>
      ) : (
        <>
          <ul className="invite-records">
            {records.rows.map((record, index) => (
              <RecordRow key={`${record.registeredAt}-${index}`} record={record} />
            ))}
          </ul>
          <LoadMore status={records.status} onLoadMore={records.loadMore} />
        </>
      )}
    </section>
  );
}
