// GET and POST /api/v1/questionnaire: the popup's questions in the caller's
// x-language (zh, en, vi, id, th; English otherwise) and the user's one answer set. Signed-in
// users only (401 otherwise). The default questionnaire is stored when this plugin registers
// and the tables are empty.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import { OPTION_DESC_MAX_LENGTH, questionnaireFor, submitAnswers } from "../services/questionnaire";
import { ensureDefaultQuestionnaire } from "../services/questionnaire-seed";
import { localeOf, Nullable } from "../../catalog";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";

const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

const QuestionnaireData = Type.Object({
  questionnaire_id: Nullable(Type.Integer({ description: "null when no questionnaire is active" })),
  question_list: Type.Array(
    Type.Object({
      question_id: Type.Integer(),
      description: Type.String(),
      option_list: Type.Array(Type.Object({ option: Type.String(), desc: Type.String() }), {
        description: "The last option is the free-text one",
      }),
    }),
    { description: "Empty when the user has answered or no questionnaire is active (the popup does not open)" },
  ),
});

const AnswerBody = Type.Object({
  questionnaire_id: RowId,
  answer_list: Type.Array(
    Type.Object({
      question_id: RowId,
      option: Type.String({ minLength: 1, maxLength: 16 }),
      option_desc: Type.Optional(
        Type.String({ maxLength: OPTION_DESC_MAX_LENGTH, description: "Required (not blank) for the last option" }),
      ),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});

export const questionnaireRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await ensureDefaultQuestionnaire(db);
  const path = "/api/v1/questionnaire";
  const tags = ["questionnaire"];

  app.get(
    path,
    {
      preHandler: requireUser,
      schema: { tags, summary: "The questionnaire to show", response: envelopeResponses(QuestionnaireData) },
    },
    async (request) =>
      ok(await questionnaireFor(db, request.systemId, request.user!.id, localeOf(request.headers[LANGUAGE_HEADER]))),
  );

  app.post(
    path,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Answer the questionnaire (once per user)",
        body: AnswerBody,
        response: envelopeResponses(Type.Null()),
      },
    },
    async (request) => {
      await submitAnswers(db, {
        systemId: request.systemId,
        userId: request.user!.id,
        questionnaireId: request.body.questionnaire_id,
        answers: request.body.answer_list,
      });
      return ok(null);
    },
  );
};
