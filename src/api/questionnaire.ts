// Questionnaire API group (GET and POST /api/v1/questionnaire). Signed-in users
// only; the questions come in the request's language. Both calls are silent: a
// non-zero code fails without any UI effect, so the popup decides what a failure means.
import { api } from "./client";

export interface QuestionOption {
  /** The option's code, sent back in the answer. */
  option: string;
  /** The option's text. */
  desc: string;
}

export interface Question {
  questionId: number;
  description: string;
  /** The last option is the free-text "other" one. */
  optionList: QuestionOption[];
}

export interface Questionnaire {
  /** Null when no questionnaire is active. */
  questionnaireId: number | null;
  /** Empty when the user has answered already or there is no questionnaire. */
  questionList: Question[];
}

export interface Answer {
  questionId: number;
  option: string;
  /** The free text of the last option (up to 500 characters); empty for the other options. */
  optionDesc: string;
}

/** The free-text answer's limit. */
export const ANSWER_TEXT_MAX = 500;

export const fetchQuestionnaire = (): Promise<Questionnaire> =>
  api<Questionnaire>("/api/v1/questionnaire", { silent: true });

export const submitQuestionnaire = (questionnaireId: number, answerList: Answer[]): Promise<unknown> =>
  api("/api/v1/questionnaire", { method: "POST", body: { questionnaireId, answerList }, silent: true });
