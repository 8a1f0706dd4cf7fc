// Questionnaire drafts in IndexedDB: what a user has answered so far, saved on every
// answer (an option chosen, a letter typed) and restored when the popup opens again, after a
// reload or a browser restart. One draft per user and questionnaire; deleted once the answers
// are submitted. Stored through the shared keyvalTable adapter (created on first use; without
// IndexedDB, as in some private modes, drafts are kept for the visit only).
import type { Answer } from "../../api/questionnaire";
import { keyvalTable } from "../../storage/keyval-table";

import { QUESTIONNAIRE_DB_NAME as DB_NAME, QUESTIONNAIRE_STORE_NAME as STORE_NAME } from "../../../contract/indexed-db";

export interface QuestionnaireDraft {
  /** The step shown (1-based). */
  step: number;
  /** The answers of the steps before it, in order. */
  answers: Answer[];
  /** What is chosen on the current step: the option and, for the last option, its text. */
  current: { option: string; text: string } | null;
  savedAt: number;
}

/** Forgets the store so the next call opens a new one (tests swap IndexedDB between runs). */
export function resetQuestionnaireDraftStore(): void {
  drafts.reset();
}

export const draftKey = (userId: string, questionnaireId: number): string => `${userId}:${questionnaireId}`;

const isAnswer = (value: unknown): value is Answer => {
  const answer = value as Answer;
  return (
    typeof answer?.questionId === "number" && typeof answer.option === "string" && typeof answer.optionDesc === "string"
  );
};

function isDraft(value: unknown): value is QuestionnaireDraft {
  const draft = value as QuestionnaireDraft;
  const current = draft?.current;
  return (
    Number.isInteger(draft?.step) &&
    draft.step >= 1 &&
    Array.isArray(draft.answers) &&
    draft.answers.every(isAnswer) &&
    (current === null || (typeof current?.option === "string" && typeof current.text === "string"))
  );
}

const drafts = keyvalTable(DB_NAME, STORE_NAME, isDraft);

export async function readDraft(key: string): Promise<QuestionnaireDraft | null> {
  return (await drafts.get(key)) ?? null;
}

/** Saves plain copies (never a store proxy: IndexedDB cannot clone proxies). */
export async function writeDraft(key: string, draft: QuestionnaireDraft): Promise<void> {
  await drafts.put(key, {
    step: draft.step,
    answers: draft.answers.map(({ questionId, option, optionDesc }) => ({ questionId, option, optionDesc })),
    current: draft.current && { option: draft.current.option, text: draft.current.text },
    savedAt: draft.savedAt,
  });
}

export async function deleteDraft(key: string): Promise<void> {
  await drafts.remove([key]);
}
