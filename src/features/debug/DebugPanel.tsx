// The debug panel (spec §9), in its own lazily loaded chunk, always dark: the app version, the
// service worker's caches with their entry counts and ages, the tracking outbox's waiting
// events, the API client's last calls (method, path without query values, HTTP status,
// envelope code, duration), and Refresh, "Clear caches" (empties the data caches: lists,
// details, snapshots, thumbnails) and "Force update" (a newer worker, if any, takes over and
// the page reloads). A non-modal dialog named "Debug panel"; Close or Escape closes it.
import { useCallback, useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { DebugCacheInfo } from "../../../contract/sw-messages";
import type { ApiCallRecord } from "../../api/call-log";
import { formatRelativeTime } from "../../lib/format";
import { APP_VERSION } from "../../lib/version";
import { useLocale } from "../../state/system";
import { readDebugState, type DebugState, type OutboxEvent } from "./debug-state";
import { forceUpdate } from "./force-update";

function CacheTable({ caches, now }: { caches: DebugCacheInfo[]; now: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const age = (at: number | null) => (at === null ? "-" : formatRelativeTime(at, now, locale));
  return (
    <table className="debug-panel__table" aria-label={t`Caches`}>
      <thead>
        <tr>
          <th scope="col">{t`Cache`}</th>
          <th scope="col">{t`Entries`}</th>
          <th scope="col">{t`Newest`}</th>
          <th scope="col">{t`Oldest`}</th>
        </tr>
      </thead>
      <tbody>
        {caches.map((cache) => (
          <tr key={cache.name}>
            <th scope="row">{cache.name}</th>
            <td>{cache.entries}</td>
            <td>{age(cache.newestAt)}</td>
            <td>{age(cache.oldestAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OutboxList({ events, now }: { events: OutboxEvent[]; now: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (events.length === 0) return <p>{t`No events are waiting.`}</p>;
  return (
    <ul className="debug-panel__list" aria-label={t`Waiting events`}>
      {events.map((event) => (
        <li key={event.id}>
          <b>{event.event}</b> {event.page} · {formatRelativeTime(event.at, now, locale)}
        </li>
      ))}
    </ul>
  );
}

function CallTable({ calls }: { calls: ApiCallRecord[] }) {
  const { t } = useLingui();
  if (calls.length === 0) return <p>{t`No API calls yet.`}</p>;
  return (
    <table className="debug-panel__table" aria-label={t`Last API calls`}>
      <thead>
        <tr>
          <th scope="col">{t`Method`}</th>
          <th scope="col">{t`Path`}</th>
          <th scope="col">{t`HTTP status`}</th>
          <th scope="col">{t`Code`}</th>
          <th scope="col">{t`Time (ms)`}</th>
        </tr>
      </thead>
      <tbody>
        {calls.map((call, index) => (
          <tr key={`${call.at}-${index}`} className={call.code === 0 ? undefined : "debug-panel__failed"}>
            <td>{call.method}</td>
            <th scope="row">{call.path}</th>
            <td>{call.status}</td>
            <td>{call.code}</td>
            <td>{call.durationMs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DebugPanel({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [state, setState] = useState<DebugState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(true);
  const [message, setMessage] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  const show = useCallback((next: DebugState) => {
    setState(next);
    setNow(Date.now());
    setBusy(false);
    return next;
  }, []);
  useEffect(() => {
    heading.current?.focus();
    void readDebugState().then(show);
  }, [show]);
  const load = async (clearCaches = false) => {
    setBusy(true);
    return show(await readDebugState(clearCaches));
  };

  const clearCaches = async () => {
    const next = await load(true);
    setMessage(next.caches ? t`Data caches cleared.` : t`No service worker controls this page.`);
  };
  const update = async () => {
    setMessage(t`Looking for a new version…`);
    const result = await forceUpdate();
    setMessage(
      result === "reloading"
        ? t`Installing the new version; the page reloads.`
        : result === "current"
          ? t`This is the newest version.`
          : t`No service worker is registered.`,
    );
  };

  return (
    <section
      id="debug-panel"
      className="debug-panel"
      role="dialog"
      aria-labelledby="debug-panel-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="debug-panel__head">
        <h2 id="debug-panel-title" ref={heading} tabIndex={-1}>
          <Trans>Debug panel</Trans>
        </h2>
        <button type="button" className="debug-panel__button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      <p>
        <Trans>Version {APP_VERSION}</Trans>
      </p>
      <div className="debug-panel__actions">
        <button type="button" className="debug-panel__button" disabled={busy} onClick={() => void load()}>
          <Trans>Refresh</Trans>
        </button>
        <button type="button" className="debug-panel__button" disabled={busy} onClick={() => void clearCaches()}>
          <Trans>Clear caches</Trans>
        </button>
        <button type="button" className="debug-panel__button" onClick={() => void update()}>
          <Trans>Force update</Trans>
        </button>
      </div>
      <p role="status" className="debug-panel__status">
        {message}
      </p>
      <section aria-labelledby="debug-caches-title">
        <h3 id="debug-caches-title">
          <Trans>Service worker caches</Trans>
        </h3>
        {state &&
          (state.caches ? (
            <CacheTable caches={state.caches} now={now} />
          ) : (
            <p>{t`No service worker controls this page.`}</p>
          ))}
      </section>
      <section aria-labelledby="debug-outbox-title">
        <h3 id="debug-outbox-title">
          <Trans>Tracking outbox</Trans>
        </h3>
        {state && <OutboxList events={state.outbox} now={now} />}
      </section>
      <section aria-labelledby="debug-calls-title">
        <h3 id="debug-calls-title">
          <Trans>Last API calls</Trans>
        </h3>
        {state && <CallTable calls={state.calls} />}
      </section>
    </section>
  );
}
