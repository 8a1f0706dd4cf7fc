// One step of the questionnaire: the progress, the question, its options in
// a scrolling area of at most 500 rpx (250 px), and the free-text "other" option last. Next
// stays disabled until an option is chosen, and for the last option until it has text. The
// text box is disabled unless the last option is chosen; a tap on the box chooses it (and
// focuses the box), so typing always goes with the last option. 500 characters at most.
import { useEffect, useId, useRef } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ANSWER_TEXT_MAX, type Question } from "../../api/questionnaire";

export interface StepChoice {
  option: string;
  text: string;
}

export interface QuestionStepProps {
  question: Question;
  step: number;
  total: number;
  choice: StepChoice | null;
  canSkip: boolean;
  busy: boolean;
  onChoose: (option: string) => void;
  onText: (text: string) => void;
  onNext: () => void;
  onSkip: () => void;
  titleId: string;
}

/** Whether a step's choice is a complete answer (Next disabled until answered). */
export function isAnswered(question: Question, choice: StepChoice | null): boolean {
  if (!choice || !question.optionList.some((item) => item.option === choice.option)) return false;
  const other = question.optionList.at(-1)!.option;
  return choice.option !== other || choice.text.trim().length > 0;
}

export function QuestionStep({
  question,
  step,
  total,
  choice,
  canSkip,
  busy,
  onChoose,
  onText,
  onNext,
  onSkip,
  titleId,
}: QuestionStepProps) {
  const { t } = useLingui();
  const textId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const focusText = useRef(false);
  const options = question.optionList;
  const other = options.at(-1)!;
  const otherChosen = choice?.option === other.option;
  const text = choice?.text ?? "";
  const last = step === total;

  // The box is enabled by the render after the tap that chose "other": focus it then.
  useEffect(() => {
    if (otherChosen && focusText.current) {
      focusText.current = false;
      textRef.current?.focus();
    }
  }, [otherChosen]);

  const chooseOther = () => {
    focusText.current = true;
    onChoose(other.option);
  };

  return (
    <div className="questionnaire__step" data-testid="questionnaire-step" data-step={step}>
      <div className="questionnaire__progress">
        <span data-testid="questionnaire-progress">
          <Trans>
            Question {step} of {total}
          </Trans>
        </span>
        <progress className="questionnaire__bar" max={total} value={step} aria-label={t`Progress`} />
      </div>
      <h2 id={titleId} className="questionnaire__question" data-testid="questionnaire-question">
        {question.description}
      </h2>
      <div
        className="questionnaire__options"
        role="radiogroup"
        aria-labelledby={titleId}
        data-testid="questionnaire-options"
      >
        {options.map((item) => (
          <label key={item.option} className="questionnaire__option">
            <input
              type="radio"
              name={`questionnaire-${question.questionId}`}
              value={item.option}
              checked={choice?.option === item.option}
              onChange={() => (item === other ? chooseOther() : onChoose(item.option))}
              data-testid="questionnaire-option"
              data-option={item.option}
            />
            <span>{item.desc}</span>
          </label>
        ))}
        <div className="questionnaire__other">
          <textarea
            id={textId}
            ref={textRef}
            className="questionnaire__text"
            rows={3}
            maxLength={ANSWER_TEXT_MAX}
            disabled={!otherChosen}
            value={text}
            aria-label={other.desc}
            placeholder={t`Tell us more`}
            onChange={(event) => onText(event.target.value.slice(0, ANSWER_TEXT_MAX))}
            data-testid="questionnaire-text"
          />
          {!otherChosen && (
            <button
              type="button"
              className="questionnaire__text-cover"
              aria-label={t`Write your own answer`}
              onClick={chooseOther}
              data-testid="questionnaire-text-cover"
            />
          )}
          <div className="questionnaire__text-meta">
            {otherChosen && !text.trim() ? (
              <span className="questionnaire__hint" data-testid="questionnaire-text-hint">
                <Trans>Please describe your answer</Trans>
              </span>
            ) : (
              <span />
            )}
            <span data-testid="questionnaire-counter">
              {text.length}/{ANSWER_TEXT_MAX}
            </span>
          </div>
        </div>
      </div>
      <div className="questionnaire__actions">
        {canSkip && (
          <button type="button" className="questionnaire__skip" onClick={onSkip} data-testid="questionnaire-skip">
            <Trans>Skip</Trans>
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !isAnswered(question, choice)}
          onClick={onNext}
          data-testid="questionnaire-next"
        >
          {last ? <Trans>Submit</Trans> : <Trans>Next</Trans>}
        </button>
      </div>
    </div>
  );
}
