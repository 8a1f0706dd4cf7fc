// The saved scenarios (IndexedDB): each with "Open", "Rename" and "Delete", a check box to pick
// it for "Compare scenarios" (two or more), newest first. Test ids `scenario-<name>` rows.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_SCENARIO_NAME, type Scenario } from "../../../features/calculator/scenarios";

interface Props {
  scenarios: Scenario[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (scenario: Scenario) => void;
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
  onCompare: () => void;
}

function ScenarioRow({
  scenario,
  selected,
  onToggle,
  onOpen,
  onRename,
  onDelete,
}: Omit<Props, "scenarios" | "selected" | "onCompare"> & { scenario: Scenario; selected: boolean }) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(scenario.name);
  if (renaming) {
    return (
      <li className="calculator__scenario" data-testid="scenario">
        <form
          className="calculator__rename"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            onRename(scenario.id, name);
            setRenaming(false);
          }}
        >
          <input
            className="field__input"
            aria-label={t`New name for ${scenario.name}`}
            data-testid="scenario-rename-input"
            value={name}
            maxLength={MAX_SCENARIO_NAME}
            onChange={(event) => setName(event.target.value)}
          />
          <button
            type="submit"
            className="button button--small"
            disabled={!name.trim()}
            data-testid="scenario-rename-save"
          >
            <Trans>Save name</Trans>
          </button>
          <button type="button" className="button button--small" onClick={() => setRenaming(false)}>
            <Trans>Cancel</Trans>
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="calculator__scenario" data-testid="scenario">
      <label className="calculator__scenario-name">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(scenario.id)}
          aria-label={t`Pick ${scenario.name} to compare`}
        />
        <span>{scenario.name}</span>
      </label>
      <button
        type="button"
        className="button button--small"
        aria-label={t`Open ${scenario.name}`}
        data-testid="scenario-open"
        onClick={() => onOpen(scenario)}
      >
        <Trans>Open</Trans>
      </button>
      <button
        type="button"
        className="button button--small"
        aria-label={t`Rename ${scenario.name}`}
        data-testid="scenario-rename"
        onClick={() => {
          setName(scenario.name);
          setRenaming(true);
        }}
      >
        <Trans>Rename</Trans>
      </button>
      <button
        type="button"
        className="button button--small"
        aria-label={t`Delete ${scenario.name}`}
        data-testid="scenario-delete"
        onClick={() => onDelete(scenario.id)}
      >
        <Trans>Delete</Trans>
      </button>
    </li>
  );
}

export function SavedScenarios({ scenarios, selected, onCompare, ...row }: Props) {
  const { t } = useLingui();
  return (
    <section className="card" aria-label={t`Saved scenarios`} data-testid="saved-scenarios">
      <h2 className="card__title">
        <Trans>Saved scenarios</Trans>
      </h2>
      {scenarios.length === 0 ? (
        <p className="muted" data-testid="scenarios-empty">
          <Trans>No saved scenarios yet.</Trans>
        </p>
      ) : (
        <ul className="calculator__scenarios">
          {scenarios.map((scenario) => (
            <ScenarioRow key={scenario.id} scenario={scenario} selected={selected.has(scenario.id)} {...row} />
          ))}
        </ul>
      )}
      {scenarios.length >= 2 && (
        <button type="button" className="button" disabled={selected.size < 2} onClick={onCompare}>
          <Trans>Compare scenarios</Trans>
        </button>
      )}
    </section>
  );
}
