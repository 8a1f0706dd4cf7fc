// The questionnaire: the newest active questionnaire of an edition in the
// caller's language, and one answer set per user, checked against the questions (each answered
// once, with one of its options; the last option needs its free text). "Answered once" is the
// primary key (questionnaire, user): two racing submissions cannot both be stored.
import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { questionnaireAnswers, questionnaireQuestions, questionnaires } from "../../../db/schema";
import { errorFrom } from "../../../lib/domain-error";
import { QUESTIONNAIRE_ERRORS } from "../errors";

/** Free text of the last ("other") option */
export const OPTION_DESC_MAX_LENGTH = 500;

const questionnaireError = (name: keyof typeof QUESTIONNAIRE_ERRORS, detail?: string) =>
  errorFrom(QUESTIONNAIRE_ERRORS[name], detail);

type Question = typeof questionnaireQuestions.$inferSelect;

export interface QuestionnaireView {
  questionnaire_id: number | null;
  question_list: Array<{
    question_id: number;
    description: string;
    option_list: Array<{ option: string; desc: string }>;
  }>;
}

export interface Answer {
  question_id: number;
  option: string;
  option_desc?: string;
}

const inEdition = (systemId: number) => or(isNull(questionnaires.systemId), eq(questionnaires.systemId, systemId));

async function newestActive(db: Db, systemId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(and(eq(questionnaires.active, true), inEdition(systemId)))
    .orderBy(desc(questionnaires.createdAt), desc(questionnaires.id))
    .limit(1);
  return row?.id ?? null;
}

function questionsOf(db: Db, questionnaireId: number): Promise<Question[]> {
  return db
    .select()
    .from(questionnaireQuestions)
    .where(eq(questionnaireQuestions.questionnaireId, questionnaireId))
    .orderBy(asc(questionnaireQuestions.position), asc(questionnaireQuestions.id));
}

async function hasAnswered(db: Db, questionnaireId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: questionnaireAnswers.userId })
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.questionnaireId, questionnaireId), eq(questionnaireAnswers.userId, userId)));
  return row !== undefined;
}

const localized = (texts: Record<string, string>, locale: string) =>
  texts[locale] ?? texts.en ?? Object.values(texts)[0] ?? "";

/** What the popup shows: no questions when there is no questionnaire or the user answered it. */
export async function questionnaireFor(
  db: Db,
  systemId: number,
  userId: number,
  locale: string,
): Promise<QuestionnaireView> {
  const id = await newestActive(db, systemId);
  if (id === null) return { questionnaire_id: null, question_list: [] };
  if (await hasAnswered(db, id, userId)) return { questionnaire_id: id, question_list: [] };
  const questions = await questionsOf(db, id);
  return {
    questionnaire_id: id,
    question_list: questions.map((q) => ({
      question_id: q.id,
      description: localized(q.description, locale),
      option_list: q.options.map((o) => ({ option: o.option, desc: localized(o.desc, locale) })),
    })),
  };
}

/** The stored answer list, or the first reason the answers do not fit the questions. */
function checkAnswers(
  questions: Question[],
  answers: Answer[],
): Array<{ questionId: number; option: string; optionDesc: string }> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const stored = answers.map((answer) => {
    const question = byId.get(answer.question_id);
    if (!question) throw questionnaireError("INVALID", `question ${answer.question_id} is not in this questionnaire`);
    if (seen.has(question.id))
      throw questionnaireError("INVALID", `question ${question.id} is answered more than once`);
    seen.add(question.id);
    const index = question.options.findIndex((o) => o.option === answer.option);
    if (index === -1)
      throw questionnaireError("INVALID", `'${answer.option}' is not an option of question ${question.id}`);
    const isOther = index === question.options.length - 1;
    const text = (answer.option_desc ?? "").trim();
    if (isOther && !text) throw questionnaireError("INVALID", `describe your answer to question ${question.id}`);
    return { questionId: question.id, option: answer.option, optionDesc: isOther ? text : "" };
  });
  const missing = questions.find((q) => !seen.has(q.id));
  if (missing) throw questionnaireError("INVALID", `question ${missing.id} is not answered`);
  return stored;
}

export interface Submission {
  systemId: number;
  userId: number;
  questionnaireId: number;
  answers: Answer[];
}

/** Stores one user's answers; throws NOT_FOUND, INVALID or ALREADY_ANSWERED. */
export async function submitAnswers(db: Db, submission: Submission): Promise<void> {
  const [questionnaire] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(
      and(
        eq(questionnaires.id, submission.questionnaireId),
        eq(questionnaires.active, true),
        inEdition(submission.systemId),
      ),
    );
  if (!questionnaire) throw questionnaireError("NOT_FOUND");
  if (await hasAnswered(db, questionnaire.id, submission.userId)) throw questionnaireError("ALREADY_ANSWERED");
  const answers = checkAnswers(await questionsOf(db, questionnaire.id), submission.answers);
  const inserted = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId: questionnaire.id, userId: submission.userId, answers })
    .onConflictDoNothing()
    .returning({ userId: questionnaireAnswers.userId });
  if (inserted.length === 0) throw questionnaireError("ALREADY_ANSWERED");
}
