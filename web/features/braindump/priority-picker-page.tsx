import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { Task } from "../../../shared/schemas/tasks";
import { Spinner } from "../../ui/spinner";
import { answersReducer } from "./answers-reducer";
import { BraindumpInputStep } from "./braindump-input-step";
import { onFreshStart } from "./fresh-start-signal";
import { QuestionsStep } from "./questions-step";
import { ResultsStep } from "./results-step";
import { STEP_HEADING_ID } from "./step-heading";

// The drag-and-drop columns (and @dnd-kit) load only when someone opens the organized step.
const OrganizedStep = lazy(() => import("../organize/organized-step").then((m) => ({ default: m.OrganizedStep })));

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
    document.getElementById(STEP_HEADING_ID)?.focus();
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
      );
    case "results":
      return <ResultsStep ranking={ranking} onOrganize={() => setStep("organized")} onStartOver={startOver} />;
    case "organized":
      return (
        <Suspense fallback={<Spinner className="py-24" label="Organizing your tasks..." showLabel />}>
          <OrganizedStep onBack={() => setStep("results")} onStartOver={startOver} />
        </Suspense>
      );
  }
}
