import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Task } from "../../../shared/schemas/tasks";
import { Spinner } from "../../ui/spinner";
import { answersReducer } from "./answers-reducer";
import { BraindumpInputStep } from "./braindump-input-step";
import { onFreshStart } from "./fresh-start-signal";
import { focusStepHeading } from "./step-heading";

// Only the input step is in the first screen's bundle: the questions and results load when the tasks
// are submitted, the drag-and-drop columns (and @dnd-kit) when someone opens the organized step.
const QuestionsStep = lazy(() => import("./questions-step").then((m) => ({ default: m.QuestionsStep })));
const ResultsStep = lazy(() => import("./results-step").then((m) => ({ default: m.ResultsStep })));
const OrganizedStep = lazy(() => import("./organize/organized-step").then((m) => ({ default: m.OrganizedStep })));

export type Step = "input" | "questions" | "results" | "organized";

/**
 * Spec §2 "Braindump and priority screen": input → questions → results ⇄ organized; "Start Over"
 * (and Start Fresh in the header) return to a clean input step.
 */
export function PriorityPickerPage() {
  const [step, setStep] = useState<Step>("input");
  const [text, setText] = useState("");
  const [answers, dispatch] = useReducer(answersReducer, {});
  /** The tasks being prioritised: the ones just created, or the current ones ("Prioritize"). */
  const [questionTasks, setQuestionTasks] = useState<Task[]>([]);
  /** Task ids best first, as the server ranked them. */
  const [ranking, setRanking] = useState<number[]>([]);

  const startOver = useCallback(() => {
    setText("");
    dispatch({ type: "reset" });
    setQuestionTasks([]);
    setRanking([]);
    setStep("input");
  }, []);

  useEffect(() => onFreshStart(startOver), [startOver]);

  // Moving between steps moves keyboard and screen-reader focus to the new step's heading.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusStepHeading();
  }, [step]);

  switch (step) {
    case "input":
      return (
        <BraindumpInputStep
          text={text}
          onTextChange={setText}
          onTasksReady={(tasks) => {
            dispatch({ type: "reset" });
            setQuestionTasks(tasks);
            setStep("questions");
          }}
        />
      );
    case "questions":
      return (
        <Suspense fallback={<Spinner className="py-24" />}>
          <QuestionsStep
            tasks={questionTasks}
            answers={answers}
            onAnswer={(taskId, questionId, value) => dispatch({ type: "answer", taskId, questionId, value })}
            onAnalyzed={(ranked) => {
              setRanking(ranked.map((task) => task.id));
              setStep("results");
            }}
            onStartOver={startOver}
          />
        </Suspense>
      );
    case "results":
      return (
        <Suspense fallback={<Spinner className="py-24" />}>
          <ResultsStep ranking={ranking} onOrganize={() => setStep("organized")} onStartOver={startOver} />
        </Suspense>
      );
    case "organized":
      return (
        <Suspense fallback={<Spinner className="py-24" label="Organizing your tasks..." showLabel />}>
          <OrganizedStep onBack={() => setStep("results")} onStartOver={startOver} />
        </Suspense>
      );
  }
}
