// The questionnaire popup against a real local HTTP server (no fetch mocks) with drafts in
// fake IndexedDB: it loads 1 s after sign-in (not over sign-in, support-contact or checkout
// screens) and only with questions; Next is disabled until
// answered; the free-text rules (last option, disabled box, 500 characters); answers appended
// and submitted on the last step; the success view; silent failure; skip rules per edition;
// not again this session; drafts saved on every answer, restored, deleted after submitting.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { act } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { apiConfig, configureApi } from "../../../../src/api/client";
import type { Question } from "../../../../src/api/questionnaire";
import { bindApiToStores } from "../../../../src/boot/api-bindings";
import { OverlayHost } from "../../../../src/app/OverlayHost";
import {
  isQuestionnaireDismissed,
  QUESTIONNAIRE_DISMISSED_KEY,
} from "../../../../src/features/questionnaire/dismissal";
import QuestionnairePopup, { restoreProgress } from "../../../../src/features/questionnaire/QuestionnairePopup";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import {
  draftKey,
  readDraft,
  resetQuestionnaireDraftStore,
  writeDraft,
} from "../../../../src/features/questionnaire/drafts";
import { systemState } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { click, renderUi, toastTexts, typeInto, waitFor } from "../../helpers/render-app";
import { sendJson, startTestServer, type RecordedRequest, type TestServer } from "../../helpers/test-server";

const QUESTIONS = [
  {
    question_id: 11,
    description: "What do you sell?",
    option_list: [
      { option: "A", desc: "Beauty" },
      { option: "B", desc: "Fashion" },
      { option: "C", desc: "Other" },
    ],
  },
  {
    question_id: 12,
    description: "How did you find us?",
    option_list: [
      { option: "A", desc: "A friend" },
      { option: "B", desc: "Something else" },
    ],
  },
];

let questionList: unknown[] = QUESTIONS;
let postReply: [number, unknown] = [200, { code: 0, msg: "success", data: null }];
let server: TestServer;
const baseURL = apiConfig.baseURL;
type View = Awaited<ReturnType<typeof renderUi>>;
let view: View | undefined;

beforeAll(async () => {
  await applyLocale("en");
  server = await startTestServer((request, response) => {
    if (request.path !== "/api/v1/questionnaire")
      return sendJson(response, 404, { code: 404, msg: "Not found", data: null });
    if (request.method === "GET")
      return sendJson(response, 200, {
        code: 0,
        msg: "success",
        data: { questionnaire_id: 7, question_list: questionList },
      });
    sendJson(response, ...postReply);
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
});

afterAll(async () => {
  configureApi({ baseURL });
  await server.close();
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetQuestionnaireDraftStore();
  sessionStorage.clear();
  localStorage.clear();
  questionList = QUESTIONS;
  postReply = [200, { code: 0, msg: "success", data: null }];
  Object.assign(userState, { token: "tok", userId: 42 });
  systemState.systemId = 14;
  server.requests.length = 0;
});

afterEach(async () => {
  await view?.unmount();
  view = undefined;
  userState.token = "";
});

const byTestId = (id: string) => view!.byTestId(id);
const get = (id: string) => byTestId(id)!;
const posts = (): RecordedRequest[] => server.requests.filter((request) => request.method === "POST");
const nextButton = () => get("questionnaire-next") as HTMLButtonElement;
const textBox = () => get("questionnaire-text") as HTMLTextAreaElement;
const option = (code: string) =>
  view!.container.querySelector<HTMLInputElement>(`[data-testid="questionnaire-option"][data-option="${code}"]`)!;
const step = () => Number(get("questionnaire-step").dataset.step);

async function openPopup() {
  view = await renderUi(<QuestionnairePopup />);
  await waitFor(() => byTestId("questionnaire-step"));
}

async function goToStep(n: number) {
  await waitFor(() => step() === n);
}

const savedDraft = () => readDraft(draftKey("42", 7));

describe("loading", () => {
  test("loads about 1 s after sign-in is detected, and not before", async () => {
    userState.token = "";
    view = await renderUi(<OverlayHost />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(server.requests).toHaveLength(0);
    await act(async () => {
      userState.token = "tok";
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(server.requests).toHaveLength(0);
    await waitFor(() => byTestId("questionnaire-step"));
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /api/v1/questionnaire",
    ]);
    expect(server.requests[0].headers.authorization).toBe("tok");
    expect(get("questionnaire-question").textContent).toBe("What do you sell?");
  });

  test("waits while a screen it must not cover is open (sign-in, support contact, checkout)", async () => {
    view = await renderUi(<OverlayHost />, "/login");
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(server.requests).toHaveLength(0);
    await act(async () => view!.memory.navigate("/customerValid"));
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(server.requests).toHaveLength(0);
    await act(async () => view!.memory.navigate("/rank"));
    await waitFor(() => byTestId("questionnaire-step"));
    expect(server.requests).toHaveLength(1);
  });

  test("with no questions (answered already) nothing opens", async () => {
    questionList = [];
    view = await renderUi(<OverlayHost />);
    await waitFor(() => server.requests.length === 1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(byTestId("questionnaire")).toBeNull();
  });

  test("dismissed this session: no request at all", async () => {
    sessionStorage.setItem(QUESTIONNAIRE_DISMISSED_KEY, "1");
    view = await renderUi(<OverlayHost />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(server.requests).toHaveLength(0);
    expect(byTestId("questionnaire")).toBeNull();
  });
});

describe("steps", () => {
  test("step starts at 1 with progress; Next is disabled until an option is chosen", async () => {
    await openPopup();
    expect(step()).toBe(1);
    expect(get("questionnaire-progress").textContent).toBe("Question 1 of 2");
    expect(get("questionnaire-options").querySelectorAll('[data-testid="questionnaire-option"]')).toHaveLength(3);
    expect(nextButton().disabled).toBe(true);
    await click(option("B"));
    expect(nextButton().disabled).toBe(false);
    expect(nextButton().textContent).toBe("Next");
  });

  test("the last option needs text; its box is disabled unless it is chosen; 500 characters", async () => {
    await openPopup();
    expect(textBox().disabled).toBe(true);
    await click(option("A"));
    expect(textBox().disabled).toBe(true);
    // A tap on the box chooses the last option and enables the box.
    await click(get("questionnaire-text-cover"));
    expect(option("C").checked).toBe(true);
    expect(textBox().disabled).toBe(false);
    expect(byTestId("questionnaire-text-cover")).toBeNull();
    expect(nextButton().disabled).toBe(true);
    expect(byTestId("questionnaire-text-hint")).not.toBeNull();
    await typeInto(textBox(), "   ");
    expect(nextButton().disabled).toBe(true);
    await typeInto(textBox(), "x".repeat(620));
    expect(textBox().value).toHaveLength(500);
    expect(get("questionnaire-counter").textContent).toBe("500/500");
    expect(nextButton().disabled).toBe(false);
    // Choosing another option disables the box again.
    await click(option("B"));
    expect(textBox().disabled).toBe(true);
    expect(nextButton().disabled).toBe(false);
  });

  test("Next appends the answer and advances; the last step submits; code 0 shows the success view", async () => {
    await openPopup();
    await click(get("questionnaire-text-cover"));
    await typeInto(textBox(), "  Home goods  ");
    await click(nextButton());
    await goToStep(2);
    expect(get("questionnaire-progress").textContent).toBe("Question 2 of 2");
    expect(nextButton().disabled).toBe(true);
    expect(posts()).toHaveLength(0);
    await click(option("A"));
    expect(nextButton().textContent).toBe("Submit");
    await click(nextButton());
    await waitFor(() => byTestId("questionnaire-success"));
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(posts()[0].rawBody)).toEqual({
      questionnaire_id: 7,
      answer_list: [
        { question_id: 11, option: "C", option_desc: "Home goods" },
        { question_id: 12, option: "A", option_desc: "" },
      ],
    });
    expect(Number(get("questionnaire-qr").dataset.modules)).toBeGreaterThan(0);
    expect(get("questionnaire-chat").getAttribute("href")).toMatch(/^https:\/\/chat\.whatsapp\.com\//);
    expect(view!.allByTestId("questionnaire-group").map((link) => link.dataset.group)).toEqual(["whatsapp", "zalo"]);
    expect(isQuestionnaireDismissed()).toBe(true);
    await click(get("questionnaire-close"));
    await waitFor(() => byTestId("questionnaire") === null, 1000);
  });

  test("a refused submit closes silently: no toast, no retry this session, the draft stays", async () => {
    postReply = [200, { code: 60099, msg: "Questionnaire closed", data: null }];
    await openPopup();
    await click(option("A"));
    await click(nextButton());
    await goToStep(2);
    await click(option("A"));
    await click(nextButton());
    await waitFor(() => byTestId("questionnaire") === null, 1000);
    expect(posts()).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
    expect(isQuestionnaireDismissed()).toBe(true);
    expect(await savedDraft()).toMatchObject({ step: 2, current: { option: "A" } });
  });

  test("a server error on submit is silent too", async () => {
    postReply = [500, { code: 500, msg: "boom", data: null }];
    questionList = [QUESTIONS[1]];
    await openPopup();
    await click(option("A"));
    await click(nextButton());
    await waitFor(() => byTestId("questionnaire") === null, 1000);
    expect(toastTexts()).toEqual([]);
  });
});

describe("skip", () => {
  test("overseas: skip on every step; it closes and stays closed this session", async () => {
    await openPopup();
    expect(byTestId("questionnaire-skip")).not.toBeNull();
    await click(option("A"));
    await click(nextButton());
    await goToStep(2);
    await click(get("questionnaire-skip"));
    await waitFor(() => byTestId("questionnaire") === null, 1000);
    expect(isQuestionnaireDismissed()).toBe(true);
    expect(posts()).toHaveLength(0);
  });

  test("Chinese edition: only the first step can be skipped", async () => {
    systemState.systemId = 13;
    await openPopup();
    expect(byTestId("questionnaire-skip")).not.toBeNull();
    await click(option("A"));
    await click(nextButton());
    await goToStep(2);
    expect(byTestId("questionnaire-skip")).toBeNull();
  });

  test("Chinese edition: the success view offers WeChat", async () => {
    systemState.systemId = 13;
    questionList = [QUESTIONS[1]];
    await openPopup();
    await click(option("A"));
    await click(nextButton());
    await waitFor(() => byTestId("questionnaire-success"));
    expect(view!.allByTestId("questionnaire-group").map((link) => link.dataset.group)).toEqual(["wechat"]);
  });
});

describe("drafts", () => {
  test("saved on every answer, restored on reopen (step, answers, text), deleted after submitting", async () => {
    await openPopup();
    await click(option("B"));
    await expect.poll(savedDraft).toMatchObject({ step: 1, answers: [], current: { option: "B" } });
    await click(nextButton());
    await goToStep(2);
    await click(option("B"));
    await expect.poll(savedDraft).toMatchObject({
      step: 2,
      answers: [{ questionId: 11, option: "B", optionDesc: "" }],
      current: { option: "B", text: "" },
    });
    await typeInto(textBox(), "A podcast");
    await expect.poll(savedDraft).toMatchObject({ step: 2, current: { option: "B", text: "A podcast" } });

    await view!.unmount();
    resetQuestionnaireDraftStore();
    await openPopup();
    expect(step()).toBe(2);
    expect(option("B").checked).toBe(true);
    expect(textBox().value).toBe("A podcast");
    await click(nextButton());
    await waitFor(() => byTestId("questionnaire-success"));
    expect(JSON.parse(posts()[0].rawBody).answer_list).toEqual([
      { question_id: 11, option: "B", option_desc: "" },
      { question_id: 12, option: "B", option_desc: "A podcast" },
    ]);
    await expect.poll(savedDraft).toBeNull();
  });

  test("drafts are per user", async () => {
    await writeDraft(draftKey("42", 7), {
      step: 2,
      answers: [{ questionId: 11, option: "A", optionDesc: "Beauty" }],
      current: null,
      savedAt: 1,
    });
    userState.userId = 43;
    await openPopup();
    expect(step()).toBe(1);
  });

  test("answered elsewhere (no questions): a leftover draft is deleted", async () => {
    await writeDraft(draftKey("42", 7), {
      step: 2,
      answers: [{ questionId: 11, option: "A", optionDesc: "Beauty" }],
      current: null,
      savedAt: 1,
    });
    questionList = [];
    view = await renderUi(<QuestionnairePopup />);
    await waitFor(() => server.requests.length === 1);
    await expect.poll(savedDraft).toBeNull();
    expect(byTestId("questionnaire")).toBeNull();
  });

  test("a draft that no longer fits the questionnaire starts afresh", () => {
    const questions = QUESTIONS.map((question) => ({
      questionId: question.question_id,
      description: question.description,
      optionList: question.option_list,
    })) as Question[];
    const answer = { questionId: 11, option: "A", optionDesc: "Beauty" };
    expect(
      restoreProgress(questions, { step: 2, answers: [answer], current: { option: "B", text: "x" }, savedAt: 0 }),
    ).toEqual({
      step: 2,
      answers: [answer],
      choice: { option: "B", text: "x" },
    });
    const fresh = { step: 1, answers: [], choice: null };
    expect(
      restoreProgress(questions, { step: 2, answers: [{ ...answer, questionId: 99 }], current: null, savedAt: 0 }),
    ).toEqual(fresh);
    expect(
      restoreProgress(questions, { step: 2, answers: [{ ...answer, option: "Z" }], current: null, savedAt: 0 }),
    ).toEqual(fresh);
    expect(restoreProgress(questions, { step: 3, answers: [answer, answer], current: null, savedAt: 0 })).toEqual(
      fresh,
    );
    expect(restoreProgress(questions, { step: 2, answers: [], current: null, savedAt: 0 })).toEqual(fresh);
    expect(
      restoreProgress(questions, { step: 1, answers: [], current: { option: "Q", text: "" }, savedAt: 0 }),
    ).toEqual(fresh);
  });

  test("garbage in the store reads as no draft", async () => {
    const { set, createStore } = await import("idb-keyval");
    await set("42:7", { step: "two", answers: "none" }, createStore("shopradar-questionnaire", "drafts"));
    expect(await savedDraft()).toBeNull();
  });
});
