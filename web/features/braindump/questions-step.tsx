import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useRef, useState } from "react";
import { EFFORT_LABELS, QUESTIONS, type Question } from "../../../shared/question-texts";
import type { Answers, AnswerValue, QuestionId } from "../../../shared/questions";
import type { Task } from "../../../shared/schemas/tasks";
import { useTaskAnswers } from "../../api/task-answers";
import { useSavePriorities } from "../../api/task-changes";
import { useTasks } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { EstimateBadge } from "../../ui/estimate-badge";
import { showError, showSuccess } from "../../ui/toast";
import { TASKS_GONE_TEXT } from "./braindump-copy";
import { firstUnanswered } from "./first-unanswered";
import { STEP_HEADING_ID, StepIntro } from "./step-heading";

type Props = {
  tasks: Task[];
  onAnalyzed: (ranked: Task[]) => void;
  onStartOver: () => void;
};

const YES_NO: { label: MessageDescriptor; value: boolean }[] = [
  { label: msg({ message: "Yes", context: "an answer to a question" }), value: true },
  { label: msg({ message: "No", context: "an answer to a question" }), value: false },
];

const taskCardId = (taskId: number) => `prioritize-task-${taskId}`;

/** docs/product.md#questions-step: every task with the questions; "Analyze Priorities" saves the ranking. */
export function QuestionsStep({ tasks: initial, onAnalyzed, onStartOver }: Props) {
  const { t } = useLingui();
  const savePriorities = useSavePriorities();
  // The asked tasks with the answers saved since: what is shown while the list cannot be read.
  const [asked, setAsked] = useState(initial);
  const { answersOf, answer } = useTaskAnswers(
    (err) => {
      console.warn("Saving an answer failed", err);
      showError(t`Error saving answer`, t`Your answer could not be saved. Please choose it again.`);
    },
    (saved) => setAsked((old) => old.map((task) => (task.id === saved.id ? saved : task))),
  );
  // A task deleted or cleared on another device meanwhile leaves the questions (the live refetch
  // drops it from the list), so the ranking never names it. The listed copy carries the answers
  // saved so far, from this device or another.
  const current = useTasks().data;
  const tasks = current ? asked.flatMap((task) => current.find((listed) => listed.id === task.id) ?? []) : asked;
  const onAnswer = (taskId: number, questionId: QuestionId, value: AnswerValue) => {
    const task = tasks.find((candidate) => candidate.id === taskId);
    if (task) answer(task, questionId, value);
  };

  function analyze() {
    const missing = firstUnanswered(tasks, answersOf);
    if (missing) {
      const title = missing.title;
      showError(t`Missing task information`, t`Please answer at least some questions for "${title}"`);
      document.getElementById(taskCardId(missing.id))?.focus();
      return;
    }
    savePriorities.mutate(
      tasks.map((task) => ({ id: task.id, answers: answersOf(task) })),
      {
        onSuccess: (ranked) => {
          showSuccess(t`Priority analysis complete`, t`Your top tasks have been identified based on your answers.`);
          onAnalyzed(ranked);
        },
        onError: (err) => {
          console.warn("Saving priorities failed", err);
          showError(t`Error updating priorities`, t`There was a problem saving your priorities. Please try again.`);
        },
      },
    );
  }

  return (
    <section aria-labelledby={STEP_HEADING_ID} className="space-y-6">
      <StepIntro
        title={t`Let's prioritize your tasks`}
        lead={t`Answer what you can for each task; one answer is enough. Choose an answer again to clear it.`}
      />
      {tasks.length === 0 ? <p className="text-slate-700 dark:text-slate-300">{t(TASKS_GONE_TEXT)}</p> : null}
      <ol className="space-y-4">
        {tasks.map((task, index) => (
          <li key={task.id}>
            <Card
              id={taskCardId(task.id)}
              tabIndex={-1}
              aria-labelledby={`${taskCardId(task.id)}-title`}
              role="group"
              className="p-4 sm:p-5"
            >
              <h2 id={`${taskCardId(task.id)}-title`} className="flex items-baseline gap-2 text-lg font-semibold">
                <span className="text-sm font-medium text-slate-500 dark:text-slate-400" aria-hidden="true">
                  {index + 1}.
                </span>
                <span className="min-w-0 break-words">
                  {task.title}
                  <EstimateBadge minutes={task.estimateMinutes} />
                </span>
              </h2>
              <div className="mt-3 grid gap-x-6 gap-y-2 sm:gap-y-3 md:grid-cols-2">
                {QUESTIONS.map((question) => (
                  <QuestionRow
                    key={question.id}
                    taskId={task.id}
                    question={question}
                    answers={answersOf(task)}
                    hintShown={index === 0}
                    onAnswer={onAnswer}
                  />
                ))}
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button size="lg" onClick={analyze} disabled={savePriorities.isPending || tasks.length === 0}>
          {savePriorities.isPending ? t`Analyzing...` : t`Analyze Priorities`}
        </Button>
        <Button size="lg" variant="outline" onClick={onStartOver} disabled={savePriorities.isPending}>
          <Trans>Start Over</Trans>
        </Button>
      </div>
    </section>
  );
}

function QuestionRow({
  taskId,
  question,
  answers,
  hintShown,
  onAnswer,
}: {
  taskId: number;
  question: Question;
  answers: Answers | undefined;
  /**
   * Below 640 px a question's hint shows on the first task only (it stays each group's description),
   * so twelve tasks are not twelve times the same six lines (docs/decisions/347-an-estimate-shows-wherever-its-task-does.md).
   */
  hintShown: boolean;
  onAnswer: (taskId: number, questionId: QuestionId, value: AnswerValue) => void;
}) {
  const { t } = useLingui();
  const labelId = `q-${taskId}-${question.id}`;
  const options: { label: MessageDescriptor; value: AnswerValue }[] =
    question.kind === "options"
      ? question.options.map((option) => ({ label: EFFORT_LABELS[option], value: option }))
      : YES_NO;
  const current = answers?.[question.id];
  const chosen = options.findIndex((option) => option.value === current);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // One radio group per question (docs/decisions/155-questions-are-radio-groups.md): one Tab stop,
  // on the chosen answer or else the first; the arrow keys move through the choices and choose.
  const tabStop = chosen === -1 ? 0 : chosen;
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    // Right to left the choices run from the right: the arrows follow the screen
    // (docs/decisions/400-what-mirrors-right-to-left.md).
    const onward = getComputedStyle(event.currentTarget).direction === "rtl" ? -1 : 1;
    const step = { ArrowRight: onward, ArrowDown: 1, ArrowLeft: -onward, ArrowUp: -1 }[event.key];
    const to =
      event.key === "Home" ? 0 : event.key === "End" ? options.length - 1 : step === undefined ? null : index + step;
    if (to === null) return;
    event.preventDefault();
    const wrapped = (to + options.length) % options.length;
    const option = options[wrapped];
    buttons.current[wrapped]?.focus();
    if (option && option.value !== current) onAnswer(taskId, question.id, option.value);
  }
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={`${labelId}-hint`}
      className={cn(
        // Tighter on a phone, where twelve tasks are a long page (docs/decisions/347-an-estimate-shows-wherever-its-task-does.md).
        "flex min-w-0 gap-2 rounded-lg bg-slate-50 px-3 py-1.5 sm:p-3 dark:bg-slate-800/50",
        // Yes/No fits beside the question even on a phone; the three effort options go below it there.
        question.kind === "options"
          ? "flex-col sm:flex-row sm:items-center sm:justify-between"
          : "flex-row items-center justify-between",
      )}
    >
      <div className="min-w-0">
        <span id={labelId} className="block text-sm font-medium">
          {t(question.text)}
        </span>
        <span
          id={`${labelId}-hint`}
          className={cn("block text-xs text-slate-600 dark:text-slate-400", !hintShown && "max-sm:sr-only")}
        >
          {t(question.description)}
        </span>
      </div>
      <div className="flex shrink-0 gap-1.5">
        {options.map((option, index) => {
          const pressed = current === option.value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a native radio cannot be unchecked by choosing it again, which clears an answer (docs/decisions/155-questions-are-radio-groups.md).
            <button
              key={String(option.value)}
              ref={(node) => {
                buttons.current[index] = node;
              }}
              type="button"
              role="radio"
              aria-checked={pressed}
              tabIndex={index === tabStop ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              // Choosing the checked answer again clears it (docs/product.md#questions-step), Space included.
              onClick={() => onAnswer(taskId, question.id, option.value)}
              className={cn(
                "h-9 min-w-12 rounded-lg border px-3 text-sm font-medium transition-colors",
                pressed
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
              )}
            >
              {t(option.label)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
