// The questionnaire: the seeded default in all five languages, the newest active one per edition,
// one answer set per user checked against the questions, and (on PostgreSQL) racing submissions
// of one user storing exactly one answer set.
import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { questionnaireAnswers, questionnaireQuestions, questionnaires } from "../../../server/db/schema";
import {
  DEFAULT_QUESTIONS,
  ensureDefaultQuestionnaire,
} from "../../../server/modules/engagement/services/questionnaire-seed";
import { signIn } from "../helpers/data";
import { call, openPostgresApps, type PostgresApps } from "../helpers/engagement";
import { openTestApp } from "../helpers/app";

const PATH = "/api/v1/questionnaire";
const NO_DATA = { DEMO_DATA_ON_START: "never" };

interface Shown {
  questionnaire_id: number | null;
  question_list: Array<{
    question_id: number;
    description: string;
    option_list: Array<{ option: string; desc: string }>;
  }>;
}

/** A valid answer set: the first option everywhere, except the free-text last option on the last question. */
function answersFor(shown: Shown) {
  return shown.question_list.map((q, i) =>
    i === shown.question_list.length - 1
      ? { question_id: q.question_id, option: q.option_list.at(-1)!.option, option_desc: "  Live selling on Shopee  " }
      : { question_id: q.question_id, option: q.option_list[0].option },
  );
}

describe("questionnaire on PGlite", () => {
  let app: FastifyInstance;
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, database, close } = await openTestApp({ env: NO_DATA }));
  });
  afterAll(() => close());

  const show = (token: string, language?: string, system?: 13 | 14) =>
    call<Shown>(app, "GET", PATH, { token, language, system });
  const answer = (token: string, body: unknown, system?: 13 | 14) => call(app, "POST", PATH, { token, body, system });

  it("asks visitors to sign in", async () => {
    expect(await call(app, "GET", PATH)).toMatchObject({ status: 401, code: 401 });
    expect(
      await call(app, "POST", PATH, { body: { questionnaire_id: 1, answer_list: [{ question_id: 1, option: "A" }] } }),
    ).toMatchObject({ status: 401, code: 401 });
  });

  it("shows the seeded default in the caller's language, the last option being 'Other'", async () => {
    const { token } = await signIn(database, "free");
    const en = (await show(token, "en")).data;
    expect(en.questionnaire_id).toBeGreaterThan(0);
    expect(en.question_list).toHaveLength(DEFAULT_QUESTIONS.length);
    expect(en.question_list[0].description).toBe("What best describes you?");
    for (const q of en.question_list) {
      expect(q.option_list.length).toBeGreaterThanOrEqual(3);
      expect(q.option_list.length).toBeLessThanOrEqual(5);
      expect(q.option_list.at(-1)!.desc).toBe("Other");
      expect(q.option_list.map((o) => o.option)).toEqual(["A", "B", "C", "D", "E"].slice(0, q.option_list.length));
    }
    const expected = { zh: "其他", zh_CN: "其他", vi: "Khác", id: "Lainnya", th: "อื่นๆ", fr: "Other" } as const;
    for (const [language, other] of Object.entries(expected)) {
      const shown = (await show(token, language)).data;
      expect(shown.questionnaire_id).toBe(en.questionnaire_id);
      expect(shown.question_list[1].option_list.at(-1)!.desc, language).toBe(other);
    }
    expect((await show(token, "vi")).data.question_list[0].description).toBe("Điều nào mô tả đúng nhất về bạn?");
    expect((await show(token)).data.question_list[0].description).toBe("What best describes you?");
  });

  it("stores one answer set, then shows no questions and refuses a second with 60096", async () => {
    const { token, userId } = await signIn(database, "free");
    const shown = (await show(token)).data;
    const body = { questionnaire_id: shown.questionnaire_id, answer_list: answersFor(shown) };
    expect(await answer(token, body)).toEqual({ status: 200, code: 0, msg: "success", data: null });
    const [stored] = await database.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.userId, userId));
    expect(stored.answers).toHaveLength(shown.question_list.length);
    expect(stored.answers.at(-1)).toMatchObject({
      option: shown.question_list.at(-1)!.option_list.at(-1)!.option,
      optionDesc: "Live selling on Shopee",
    });
    expect(stored.answers[0]).toMatchObject({
      questionId: shown.question_list[0].question_id,
      option: "A",
      optionDesc: "",
    });
    expect((await show(token)).data).toEqual({ questionnaire_id: shown.questionnaire_id, question_list: [] });
    expect(await answer(token, body)).toMatchObject({
      status: 409,
      code: 60096,
      msg: "You have already answered this questionnaire",
    });
    // Another user still gets the questions.
    const other = await signIn(database, "free");
    expect((await show(other.token)).data.question_list).toHaveLength(shown.question_list.length);
  });

  it("checks every answer against the questions (60095) and the questionnaire (60094)", async () => {
    const { token, userId } = await signIn(database, "free");
    const shown = (await show(token)).data;
    const good = answersFor(shown);
    const last = shown.question_list.at(-1)!;
    const otherOption = last.option_list.at(-1)!.option;
    const cases: Array<[unknown[], RegExp]> = [
      [good.slice(1), /question \d+ is not answered/],
      [[...good, good[0]], /is answered more than once/],
      [[{ ...good[0], option: "Z" }, ...good.slice(1)], /'Z' is not an option of question/],
      [[...good.slice(0, -1), { question_id: last.question_id, option: otherOption }], /describe your answer/],
      [
        [...good.slice(0, -1), { question_id: last.question_id, option: otherOption, option_desc: "   " }],
        /describe your answer/,
      ],
      [[...good, { question_id: 999_999, option: "A" }], /question 999999 is not in this questionnaire/],
    ];
    for (const [answer_list, message] of cases) {
      const reply = await answer(token, { questionnaire_id: shown.questionnaire_id, answer_list });
      expect(reply.status).toBe(400);
      expect(reply.code).toBe(60095);
      expect(reply.msg).toMatch(message);
    }
    const tooLong = await answer(token, {
      questionnaire_id: shown.questionnaire_id,
      answer_list: [
        ...good.slice(0, -1),
        { question_id: last.question_id, option: otherOption, option_desc: "x".repeat(501) },
      ],
    });
    expect(tooLong).toMatchObject({ status: 400, code: 400 });
    expect(tooLong.msg).toMatch(/option_desc must NOT have more than 500 characters/);
    expect(await answer(token, { questionnaire_id: shown.questionnaire_id, answer_list: [] })).toMatchObject({
      status: 400,
      code: 400,
    });
    expect(await answer(token, { answer_list: good })).toMatchObject({ status: 400, code: 400 });
    expect(await answer(token, { questionnaire_id: 987_654, answer_list: good })).toMatchObject({
      status: 404,
      code: 60094,
    });
    // Exactly 500 characters is fine; nothing was stored by the failures before.
    expect(
      await database.db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.userId, userId)),
    ).toHaveLength(0);
    const fits = await answer(token, {
      questionnaire_id: shown.questionnaire_id,
      answer_list: [
        ...good.slice(0, -1),
        { question_id: last.question_id, option: otherOption, option_desc: "y".repeat(500) },
      ],
    });
    expect(fits.code).toBe(0);
  });

  it("shows the newest active questionnaire of the edition; inactive ones cannot be answered", async () => {
    const { token } = await signIn(database, "free");
    const defaultId = (await show(token, "en", 14)).data.questionnaire_id!;
    const [zhOnly] = await database.db
      .insert(questionnaires)
      .values({ systemId: 13, createdAt: new Date(Date.now() + 1000) })
      .returning();
    await database.db.insert(questionnaireQuestions).values({
      questionnaireId: zhOnly.id,
      position: 0,
      description: { zh: "您的团队有多少人？", en: "How big is your team?" },
      options: [
        { option: "A", desc: { zh: "1 人", en: "Just me" } },
        { option: "B", desc: { zh: "其他", en: "Other" } },
      ],
    });
    const zh = (await show(token, "zh", 13)).data;
    expect(zh.questionnaire_id).toBe(zhOnly.id);
    expect(zh.question_list).toEqual([
      {
        question_id: expect.any(Number),
        description: "您的团队有多少人？",
        option_list: [
          { option: "A", desc: "1 人" },
          { option: "B", desc: "其他" },
        ],
      },
    ]);
    expect((await show(token, "en", 14)).data.questionnaire_id).toBe(defaultId);
    // Not answerable from the other edition, nor once deactivated.
    const body = {
      questionnaire_id: zhOnly.id,
      answer_list: [{ question_id: zh.question_list[0].question_id, option: "A" }],
    };
    expect((await answer(token, body, 14)).code).toBe(60094);
    await database.db.update(questionnaires).set({ active: false }).where(eq(questionnaires.id, zhOnly.id));
    expect((await answer(token, body, 13)).code).toBe(60094);
    expect((await show(token, "zh", 13)).data.questionnaire_id).toBe(defaultId);
  });

  it("seeds the default only once", async () => {
    await ensureDefaultQuestionnaire(database.db);
    await ensureDefaultQuestionnaire(database.db);
    const [{ n }] = (await database.db
      .select({ n: count() })
      .from(questionnaires)
      .where(and(eq(questionnaires.active, true)))) as [{ n: number }];
    expect(n).toBe(1);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("questionnaire on PostgreSQL (TEST_DATABASE_URL)", () => {
  let pg: PostgresApps;
  beforeAll(async () => {
    // Two instances booting together seed one questionnaire between them.
    pg = await openPostgresApps(adminUrl!, { instances: 2, env: NO_DATA });
  });
  afterAll(() => pg?.close());

  it("seeds once across instances, and 20 racing submissions of one user store exactly one", async () => {
    const { database, apps } = pg;
    const [{ n }] = (await database.db.select({ n: count() }).from(questionnaires)) as [{ n: number }];
    expect(n).toBe(1);
    const { token, userId } = await signIn(database, "free");
    const shown = (await call<Shown>(apps[0], "GET", PATH, { token })).data;
    const body = { questionnaire_id: shown.questionnaire_id, answer_list: answersFor(shown) };
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(apps[i % 2], "POST", PATH, { token, body })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === 60096)).toHaveLength(19);
    expect(
      await database.db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.userId, userId)),
    ).toHaveLength(1);
  });
});
