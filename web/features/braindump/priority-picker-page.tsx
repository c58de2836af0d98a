import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Task } from "../../../shared/schemas/tasks";
import { useCurrentUser } from "../../api/auth";
import { readDraft, saveDraft } from "../../api/braindump-draft";
import { readStep, saveStep } from "../../api/braindump-step";
import { asksForCapture } from "../../api/capture-address";
import { useDay } from "../../api/day";
import { pageScroller } from "../../ui/page-scroller";
import { Spinner } from "../../ui/spinner";
import { BraindumpInputStep } from "./braindump-input-step";
import { onFreshStart } from "./fresh-start-signal";
import { NewDayNotice } from "./new-day-notice";
import { planWanted } from "./plan/plan-wanted";
import type { ThreeSource } from "./results-step";
import { focusStepHeading } from "./step-heading";

// Only the input step is in the first screen's bundle: the questions and results load when the tasks
// are submitted, the drag-and-drop columns (and @dnd-kit) when someone opens the organized step.
const QuestionsStep = lazy(() => import("./questions-step").then((m) => ({ default: m.QuestionsStep })));
const ResultsStep = lazy(() => import("./results-step").then((m) => ({ default: m.ResultsStep })));
const OrganizedStep = lazy(() => import("./organize/organized-step").then((m) => ({ default: m.OrganizedStep })));
// What was shared is read, and its title and link offered, by code loaded only for a share.
const SharedOffers = lazy(() => import("./shared-offers").then((m) => ({ default: m.SharedOffers })));
// The evening close's line (offered, or the day closed) loads with the day: docs/decisions/291-the-evening-close.md.
const DayCloseNotice = lazy(() => import("./day-close-notice"));
// The plan step shows once a day: it loads only when today is not planned.
const PlanStep = lazy(() => import("./plan/plan-step").then((m) => ({ default: m.PlanStep })));

export type Step = "input" | "questions" | "results" | "organized";

/**
 * docs/product.md#braindump-and-priority-screen: input → questions → results ⇄ organized; "Start Over"
 * (and Start Fresh in the header) return to a clean input step. With tasks in the list, the input
 * step also opens the results and the board directly: the answers are saved
 * (docs/decisions/018-answers-data.md). On a new day, until it is planned, the plan step comes
 * before the input step (docs/product.md#plan-your-day-screen).
 */
export function PriorityPickerPage() {
  const { t } = useLingui();
  const dayRead = useDay();
  const day = dayRead.data;
  // The signed-in shell renders this screen only with a user.
  const userId = useCurrentUser().user?.id ?? "";
  const { search } = useLocation();
  // Opened again the same day, the screen comes back to the step it left; a share or the shortcut
  // starts at the typing (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
  const [kept, setKept] = useState(() => (asksForCapture(search) ? null : readStep(userId)));
  const [step, setStep] = useState<Step>(kept?.step ?? "input");
  // What was typed and not processed comes back (docs/decisions/240-braindump-draft-kept-on-the-device.md).
  const [text, setText] = useState(() => readDraft(userId));
  useEffect(() => saveDraft(userId, text), [userId, text]);
  /** The address of the share being taken in (./shared-offers.tsx); null: none. */
  const [share, setShare] = useState<string | null>(null);
  /** The tasks being prioritised: the ones just created, or the current ones ("Prioritize"). */
  const [questionTasks, setQuestionTasks] = useState<Task[]>(kept?.questionTasks ?? []);
  /**
   * Task ids best first, as the server ranked them after Analyze; null when the results are opened
   * straight from the braindump step (they rank every open task by its saved answers then).
   */
  const [ranking, setRanking] = useState<number[] | null>(kept?.ranking ?? null);
  /** How today's three were just chosen, for the results' words; null: opened from "View Priorities". */
  const [source, setSource] = useState<ThreeSource | null>(kept?.source ?? null);
  // A kept step is today's only: until the day is read it waits, and one of an earlier day is
  // forgotten, the day beginning at its start (the plan step or the typing).
  const keptWaits = kept !== null && day === undefined && dayRead.fetchStatus === "fetching";
  const keptIsOld = kept?.date != null && day !== undefined && kept.date !== day.date;
  useEffect(() => {
    if (!kept || keptWaits) return;
    if (keptIsOld) setStep("input");
    setKept(null);
  }, [kept, keptWaits, keptIsOld]);
  /** The day the typing step was left on: the kept step lasts that day. */
  const leftOn = useRef(kept?.date ?? null);
  useEffect(() => {
    if (step === "input") leftOn.current = null;
    else leftOn.current ??= day?.date ?? null;
    saveStep(userId, step === "input" ? null : { step, questionTasks, ranking, source, date: leftOn.current });
  }, [userId, step, questionTasks, ranking, source, day?.date]);

  const startOver = useCallback(() => {
    setText("");
    setShare(null);
    setQuestionTasks([]);
    setRanking(null);
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

  /** The day the plan step was set aside on ("Add today's tasks", or the notice while typing): it waits to be asked for. */
  const [setAsideOn, setSetAsideOn] = useState<string | null>(null);
  /** The notice asked for: the plan step shows even over text in the box. */
  const [planAsked, setPlanAsked] = useState(false);

  /** Leaving the plan step to add today's tasks: it waits as a notice. */
  const leavePlan = useCallback(() => {
    if (day) setSetAsideOn(day.date);
    setPlanAsked(false);
  }, [day]);

  // Shared from another app, or the "Add tasks" shortcut (web/api/capture-address.ts): the shared text goes
  // below what the box holds, its title and link are offered (a new day's plan then waits as a
  // notice), the address loses its parameters, and the keyboard goes to the box
  // (docs/decisions/242-capture-puts-the-keyboard-in-the-box.md). Known from the first render, so a
  // new day's plan step never shows for a moment and, leaving, takes the focus to a heading.
  const navigate = useNavigate();
  const [captureAsked, setCaptureAsked] = useState(() => (asksForCapture(search) ? 1 : 0));
  useEffect(() => {
    if (!asksForCapture(search)) return;
    setStep("input");
    setPlanAsked(false);
    setCaptureAsked((count) => count + 1);
    setShare(search);
    navigate({ search: "" }, { replace: true });
  }, [search, navigate]);
  useEffect(() => {
    if (captureAsked > 0) document.getElementById("braindump-text")?.focus();
  }, [captureAsked]);

  const wanted = planWanted(day);
  // A new day never takes the screen from someone typing (docs/decisions/188-new-day-waits.md):
  // with text in the box, the step set aside today, or a capture asked for, it is a notice until
  // asked for.
  const waiting = wanted && !planAsked && (text.trim() !== "" || setAsideOn === day.date || captureAsked > 0);
  const showPlan = step === "input" && wanted && !waiting;
  // The plan step gone (skipped, set aside, or planned on another device): the braindump is in view,
  // the keyboard on its heading, not on a page scrolled past it.
  const planShown = useRef(showPlan);
  useEffect(() => {
    if (planShown.current && !showPlan && step === "input") {
      pageScroller().scrollTo({ top: 0 });
      focusStepHeading();
    }
    // Asked for from the notice: the keyboard goes to the plan.
    if (!planShown.current && showPlan && planAsked) focusStepHeading();
    planShown.current = showPlan;
  }, [showPlan, step, planAsked]);

  if (keptWaits || keptIsOld) return <Spinner className="py-24" />;
  switch (step) {
    case "input": {
      if (showPlan && day) {
        return (
          <Suspense fallback={<Spinner className="py-24" />}>
            <PlanStep
              day={day}
              onLeave={leavePlan}
              onPlanned={(kind) => {
                setPlanAsked(false);
                setRanking(null);
                setSource(kind);
                setStep("results");
              }}
              onAskQuestions={(tasks) => {
                setQuestionTasks(tasks);
                setStep("questions");
              }}
            />
          </Suspense>
        );
      }
      return (
        <BraindumpInputStep
          newDayNotice={
            waiting ? (
              <NewDayNotice onPlan={() => setPlanAsked(true)} />
            ) : day &&
              (day.closed || (day.closeOfferedFrom !== null && Date.now() >= Date.parse(day.closeOfferedFrom))) ? (
              <Suspense fallback={null}>
                <DayCloseNotice day={day} />
              </Suspense>
            ) : null
          }
          sharedOffers={
            share ? (
              <Suspense fallback={null}>
                <SharedOffers key={captureAsked} search={share} setText={setText} />
              </Suspense>
            ) : null
          }
          text={text}
          onTextChange={setText}
          onTasksReady={(tasks) => {
            setShare(null);
            setQuestionTasks(tasks);
            setStep("questions");
          }}
          onShowResults={() => {
            setRanking(null);
            setSource(null);
            setStep("results");
          }}
          onOrganize={() => setStep("organized")}
        />
      );
    }
    case "questions":
      return (
        <Suspense fallback={<Spinner className="py-24" />}>
          <QuestionsStep
            tasks={questionTasks}
            onAnalyzed={(ranked) => {
              setRanking(ranked.map((task) => task.id));
              setSource("answers");
              setStep("results");
            }}
            onStartOver={startOver}
          />
        </Suspense>
      );
    case "results":
      return (
        <Suspense fallback={<Spinner className="py-24" />}>
          <ResultsStep
            ranking={ranking}
            source={source}
            onOrganize={() => setStep("organized")}
            onStartOver={startOver}
            onPlan={() => setStep("input")}
          />
        </Suspense>
      );
    case "organized":
      return (
        <Suspense fallback={<Spinner className="py-24" label={t`Organizing your tasks...`} showLabel />}>
          <OrganizedStep onBack={() => setStep("results")} onStartOver={startOver} />
        </Suspense>
      );
  }
}
