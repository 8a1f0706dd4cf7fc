// The questionnaire popup (lazy chunk loaded by QuestionnaireLauncher):
// asks the server for the questionnaire and opens only if it has questions; one question per
// step starting at 1; Next appends the answer and advances; the last step submits; code 0
// shows the success view; any failure closes it silently (no toast). Every answer is
// saved as a draft in IndexedDB (user + questionnaire) and restored when it opens again; the
// draft goes once the answers are in. Skip: on the first step in the Chinese edition, on
// every step overseas (nobody is held in a survey; the draft keeps their answers).
// Skipped, sent or failed, it stays closed for the rest of the session (dismissal.ts).
import { useEffect, useId, useRef, useState } from "react";
import {
  fetchQuestionnaire,
  submitQuestionnaire,
  type Answer,
  type Question,
  type Questionnaire,
} from "../../api/questionnaire";
import { deleteDraft, draftKey, readDraft, writeDraft, type QuestionnaireDraft } from "./drafts";
import { useSystemId } from "../../state/system";
import { userState } from "../../state/user";
import { Popup } from "../../components/Popup";
import { useBusy } from "../../hooks/use-busy";
import { dismissQuestionnaire } from "./dismissal";
import { isAnswered, QuestionStep, type StepChoice } from "./QuestionStep";
import { SuccessView } from "./SuccessView";
import "./questionnaire.css";

type Phase = "loading" | "asking" | "success" | "closed";

interface Progress {
  step: number;
  answers: Answer[];
  choice: StepChoice | null;
}

const FRESH: Progress = { step: 1, answers: [], choice: null };

/** The answer a complete step gives: only the last ("other") option carries its (trimmed) text. */
export function answerOf(question: Question, choice: StepChoice): Answer {
  const other = choice.option === question.optionList.at(-1)!.option;
  return { questionId: question.questionId, option: choice.option, optionDesc: other ? choice.text.trim() : "" };
}

/** A saved draft that still fits the questionnaire, as progress; anything else starts afresh. */
export function restoreProgress(questions: readonly Question[], draft: QuestionnaireDraft | null): Progress {
  if (!draft || draft.step > questions.length || draft.answers.length !== draft.step - 1) return FRESH;
  const fits = draft.answers.every((answer, index) => {
    const question = questions[index];
    return (
      answer.questionId === question.questionId && question.optionList.some((item) => item.option === answer.option)
    );
  });
  if (!fits) return FRESH;
  const current = questions[draft.step - 1];
  const choice =
    draft.current && current.optionList.some((item) => item.option === draft.current!.option) ? draft.current : null;
  return { step: draft.step, answers: draft.answers, choice };
}

export default function QuestionnairePopup() {
  const titleId = useId();
  const chinese = useSystemId() === 13;
  const [phase, setPhase] = useState<Phase>("loading");
  const [questionnaire, setQuestionnaire] = useState<Questionnaire | null>(null);
  const [progress, setProgress] = useState<Progress>(FRESH);
  const [busy, run] = useBusy();
  const key = useRef("");

  useEffect(() => {
    let live = true;
    const userId = String(userState.userId ?? "me");
    (async () => {
      const loaded = await fetchQuestionnaire();
      if (loaded.questionnaireId === null || loaded.questionList.length === 0) {
        // Answered already (maybe on another device): a leftover draft has no use.
        if (loaded.questionnaireId !== null) await deleteDraft(draftKey(userId, loaded.questionnaireId));
        if (live) setPhase("closed");
        return;
      }
      key.current = draftKey(userId, loaded.questionnaireId);
      const restored = restoreProgress(loaded.questionList, await readDraft(key.current));
      if (!live) return;
      setQuestionnaire(loaded);
      setProgress(restored);
      setPhase("asking");
    })().catch(() => live && setPhase("closed"));
    return () => {
      live = false;
    };
  }, []);

  if (!questionnaire || phase === "loading") return null;
  const questions = questionnaire.questionList;
  const question = questions[progress.step - 1];
  const canSkip = !chinese || progress.step === 1;

  const update = (next: Progress) => {
    setProgress(next);
    void writeDraft(key.current, { step: next.step, answers: next.answers, current: next.choice, savedAt: Date.now() });
  };
  const close = () => {
    dismissQuestionnaire();
    setPhase("closed");
  };
  const choose = (option: string) => update({ ...progress, choice: { option, text: progress.choice?.text ?? "" } });
  const type = (text: string) => update({ ...progress, choice: { option: question.optionList.at(-1)!.option, text } });
  const next = () =>
    run(async () => {
      if (!progress.choice || !isAnswered(question, progress.choice)) return;
      const answers = [...progress.answers, answerOf(question, progress.choice)];
      if (progress.step < questions.length) {
        update({ step: progress.step + 1, answers, choice: null });
        return;
      }
      try {
        await submitQuestionnaire(questionnaire.questionnaireId!, answers);
      } catch {
        close(); // silent; the draft stays for the next session
        return;
      }
      await deleteDraft(key.current);
      dismissQuestionnaire();
      setPhase("success");
    });

  return (
    <Popup
      open={phase === "asking" || phase === "success"}
      position="center"
      maskClosable={false}
      labelledBy={titleId}
      testId="questionnaire"
      onClose={phase === "success" || canSkip ? close : undefined}
    >
      <div className="questionnaire">
        {phase === "success" ? (
          <SuccessView titleId={titleId} onClose={close} />
        ) : (
          <QuestionStep
            key={progress.step}
            question={question}
            step={progress.step}
            total={questions.length}
            choice={progress.choice}
            canSkip={canSkip}
            busy={busy}
            onChoose={choose}
            onText={type}
            onNext={() => void next()}
            onSkip={close}
            titleId={titleId}
          />
        )}
      </div>
    </Popup>
  );
}
