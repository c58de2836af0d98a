import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import * as Dialog from "@radix-ui/react-dialog";
import { Check, Plus, Sparkles, X } from "lucide-react";
import { type FormEvent, type RefObject, useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { LIMITS } from "../../../shared/constants";
import type { SuggestionKind } from "../../../shared/schemas/suggestions";
import { characterCount } from "../../../shared/text-length";
import { ApiRequestError } from "../../api/client";
import { aiAddPayload, useSuggestions } from "../../api/suggestions";
import { useCreateTask } from "../../api/task-changes";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { inputClasses } from "../../ui/field";
import { shortTaskName } from "../../ui/task-name";
import { keptWithin } from "../../ui/text-limit";
import { showError, showInfo, showSuccess } from "../../ui/toast";
import { readShareTasks, writeShareTasks } from "./share-tasks-setting";
import { emptyText, type SuggestionSource, sourceText } from "./suggestion-source";

/** The list's heading: steps, or the person's own tasks read from their words. */
const HEADINGS: Record<Exclude<SuggestionKind, "none">, MessageDescriptor> = {
  suggestions: msg({ message: "Suggestions", context: "the list of suggested tasks" }),
  tasks: msg`These look like tasks: add them?`,
};

// 32 px square icon buttons (the shared sizes are 40 px; the list rows are compact).
const smallIconButton =
  // words-ok: class names
  "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg transition-colors [&>svg]:shrink-0";
const outline =
  "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const ghost = "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";

type Item = { title: string; status: "new" | "adding" | "added" };

type SuggestionPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back on the floating button when the panel closes (Escape, close button). */
  returnFocus: () => void;
};

/**
 * The panel of docs/product.md#ai-suggestion-widget: a prompt, "Get Task Suggestions", and the list of
 * suggestions with an add button each. A non-modal dialog: the page (and its toasts) stay usable.
 */
export function SuggestionPanel({ open, onOpenChange, returnFocus }: SuggestionPanelProps) {
  const { t } = useLingui();
  const promptId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const closedFromOutside = useRef(false);
  const [prompt, setPrompt] = useState("");
  const [items, setItems] = useState<Item[]>([]);
  const [source, setSource] = useState<SuggestionSource | null>(null);
  const [shareTasks, setShareTasks] = useState(readShareTasks);
  const shareId = useId();
  const suggestions = useSuggestions();
  const addTask = useCreateTask();
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const below = useRowsBelow(panelRef, listRef, items.length);
  const empty = source?.kind === "none" ? emptyText(source) : null;
  const emptyTitle = empty?.title ?? "";
  const emptyBody = empty?.body ?? "";
  const belowCount = below.count;

  function getSuggestions(event?: FormEvent) {
    event?.preventDefault();
    if (suggestions.isPending) return;
    const text = prompt.trim();
    if (!text) {
      showError(t`Please enter a prompt`, t`Tell us about your goals or what you need to do.`);
      textareaRef.current?.focus();
      return;
    }
    suggestions.mutate(
      { prompt: text, useTasks: shareTasks },
      {
        onSuccess: (answer) => {
          setItems(answer.suggestions.map((title) => ({ title, status: "new" })));
          setSource(answer);
          if (answer.failure) {
            // The product's words for an AI failure (docs/product.md#ai-suggestion-widget); the panel says which and offers to try again.
            showError(t`Failed to get suggestions`, t`Please try again later or be more specific.`);
          } else if (answer.suggestions.length === 0) {
            showInfo(t`No suggestions found`, t`Try being more specific about your tasks or goals.`);
          } else if (answer.kind === "tasks") {
            showSuccess(t`These look like tasks`, t`Click the + button to add any of them to your task list.`);
          } else {
            showSuccess(t`Suggestions ready`, t`Click the + button to add any suggestions to your task list.`);
          }
        },
        onError: (error) =>
          showError(
            t`Failed to get suggestions`,
            // The daily limit's own words say when to come back (docs/decisions/198-suggestions-daily-limit.md).
            error instanceof ApiRequestError && error.status === 429
              ? (error.serverMessage ?? t`Please try again tomorrow.`)
              : t`Please try again later or be more specific.`,
          ),
      },
    );
  }

  function setStatus(title: string, status: Item["status"]) {
    setItems((current) => current.map((item) => (item.title === title ? { ...item, status } : item)));
  }

  async function add(item: Item) {
    // docs/product.md#ai-suggestion-widget: a blank title is silently ignored.
    if (!item.title.trim() || item.status !== "new") return;
    setStatus(item.title, "adding");
    // A toast's title names its task (docs/decisions/245-toasts-name-their-task.md).
    const name = shortTaskName(item.title);
    try {
      await addTask.mutateAsync(aiAddPayload(item.title));
      setStatus(item.title, "added");
      showSuccess(t`Task added: "${name}"`, t`The suggested task has been added to your list.`);
    } catch {
      setStatus(item.title, "new");
      showError(t`Failed to add task: "${name}"`, t`There was an error adding your task. Please try again.`);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          ref={panelRef}
          onScroll={below.recount}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            textareaRef.current?.focus();
          }}
          onInteractOutside={(event) => {
            const target = event.target instanceof Element ? event.target : null;
            // The floating button toggles the panel itself; toasts belong to the panel's work.
            if (target?.closest("[data-suggestion-toggle], [data-sonner-toaster]")) event.preventDefault();
            else closedFromOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A click elsewhere keeps focus where the person put it; Escape and Close go back to the button.
            if (!closedFromOutside.current) returnFocus();
            closedFromOutside.current = false;
          }}
          // Its bottom stays clear of a three-line toast (bottom centre,
          // docs/decisions/070-toasts-bottom-deleting-call.md) wherever the two could meet, so the
          // toast never hides the list's end or the line naming the provider; on a phone its top
          // stays below the header and the tabs' two rows (it scrolls within itself instead).
          className={cn(
            "fixed end-4 bottom-36 z-40 flex max-h-[calc(100dvh-19rem)] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-y-auto",
            "rounded-xl border border-slate-200 bg-white shadow-2xl sm:end-6 sm:max-h-[calc(100dvh-10.5rem)] xl:bottom-32 xl:max-h-[calc(100dvh-8.5rem)] dark:border-slate-700 dark:bg-slate-900",
          )}
        >
          <div className="flex items-start justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <div className="flex items-center gap-2">
              <Sparkles aria-hidden="true" className="h-5 w-5 text-brand-600 dark:text-brand-100" />
              <Dialog.Title className="text-base font-semibold">
                <Trans>AI Task Suggestions</Trans>
              </Dialog.Title>
            </div>
            <Dialog.Close className={cn(smallIconButton, "-mt-0.5 -me-2", ghost)} aria-label={t`Close`}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>

          <form className="space-y-3 px-4 pt-3 pb-4" onSubmit={getSuggestions} noValidate>
            <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
              <Trans>Describe your goals or what you need to do, and add the tasks you like to your list.</Trans>
            </Dialog.Description>
            <label htmlFor={promptId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              <Trans context="the suggestion panel's prompt">What's on your mind?</Trans>
            </label>
            <textarea
              dir="auto"
              ref={textareaRef}
              id={promptId}
              className={cn(inputClasses, "resize-y")}
              rows={4}
              value={prompt}
              placeholder={t`e.g. I need to call the bank and book the dentist, and I want to get fit`}
              onChange={(event) => setPrompt(keptWithin(event.target.value, prompt, LIMITS.promptMax))}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) getSuggestions();
              }}
            />
            {characterCount(prompt) > LIMITS.promptMax - 200 ? (
              <p className="text-end text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
                {characterCount(prompt)} / {LIMITS.promptMax}
              </p>
            ) : null}
            <label
              htmlFor={shareId}
              className="flex cursor-pointer items-start gap-2 text-xs text-slate-600 dark:text-slate-300"
            >
              <input
                id={shareId}
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                checked={shareTasks}
                onChange={(event) => {
                  setShareTasks(event.target.checked);
                  writeShareTasks(event.target.checked);
                }}
              />
              <Trans>Send my open task titles too, to tailor the suggestions</Trans>
            </label>
            <Button type="submit" className="w-full" aria-busy={suggestions.isPending}>
              {suggestions.isPending ? (
                <>
                  <span
                    aria-hidden="true"
                    className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                  />
                  <Trans>Generating suggestions...</Trans>
                </>
              ) : (
                <>
                  <Sparkles aria-hidden="true" className="h-4 w-4" />
                  <Trans>Get Task Suggestions</Trans>
                </>
              )}
            </Button>
          </form>

          {items.length > 0 ? (
            <div className="border-t border-slate-200 px-4 pt-3 pb-4 dark:border-slate-700">
              <h3 className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
                {t(HEADINGS[source?.kind === "tasks" ? "tasks" : "suggestions"])}
              </h3>
              {/* It scrolls within about 15rem (docs/product.md#ai-suggestion-widget); the rows below
                  what shows are counted (docs/decisions/249-small-words-that-tell-the-truth.md). */}
              <ul
                ref={listRef}
                aria-label={t({ message: "Suggestions", context: "the list of suggested tasks" })}
                className="max-h-60 space-y-1.5 overflow-y-auto pe-1"
                onScroll={below.recount}
              >
                {items.map(({ title, status }) => (
                  <li
                    key={title}
                    className={cn(
                      "flex items-center justify-between gap-2 rounded-lg border py-1.5 pe-1.5 ps-3 text-sm",
                      status === "added"
                        ? "border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40"
                        : "border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60",
                    )}
                  >
                    <span className="min-w-0 break-words">{title}</span>
                    {status === "added" ? (
                      <span
                        role="img"
                        aria-label={t`Added ${title}`}
                        className="flex h-8 w-8 shrink-0 items-center justify-center text-emerald-700 dark:text-emerald-300"
                      >
                        <Check aria-hidden="true" className="h-5 w-5" />
                      </span>
                    ) : (
                      <button
                        type="button"
                        aria-label={t`Add ${title}`}
                        title={t`Add to my tasks`}
                        aria-disabled={status === "adding"}
                        onClick={() => void add({ title, status })}
                        className={cn(smallIconButton, outline, "aria-disabled:cursor-wait aria-disabled:opacity-60")}
                      >
                        <Plus aria-hidden="true" className="h-4 w-4" />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : source?.kind === "none" ? (
            <div
              data-testid="suggestion-empty"
              className="border-t border-slate-200 px-4 pt-3 pb-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-200"
            >
              <p>
                {/* The title ends in a full stop only here, where the body follows on its line. */}
                <span className="font-semibold">{t`${emptyTitle}.`}</span> {emptyBody}
              </p>
              {source.failure ? (
                <Button
                  type="button"
                  variant="outline"
                  className="mt-2 w-full"
                  disabled={suggestions.isPending}
                  onClick={() => getSuggestions()}
                >
                  <Trans>Try again</Trans>
                </Button>
              ) : null}
            </div>
          ) : null}

          {below.count > 0 ? (
            // Read-only and let through to what is under it: a sign, not a control.
            <p
              aria-hidden="true"
              data-testid="suggestions-below"
              className="pointer-events-none sticky bottom-0 -mt-10 bg-gradient-to-t from-white from-60% to-transparent px-4 pt-6 pb-2 text-center text-xs font-medium text-slate-700 dark:from-slate-900 dark:text-slate-200"
            >
              <Plural
                value={belowCount}
                one="# more below, scroll to see it ↓"
                other="# more below, scroll to see them ↓"
              />
            </p>
          ) : null}

          {/* An empty answer names its source in its own words (emptyText). */}
          {source && items.length > 0 ? (
            <p
              data-testid="suggestion-source"
              className="border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400"
            >
              {sourceText(source)}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * How many of the list's rows lie below what shows of it (the panel's bottom edge, or the list's own
 * on a wide screen): a phone shows three of six suggestions, and this says the rest are there.
 */
function useRowsBelow(
  panelRef: RefObject<HTMLDivElement | null>,
  listRef: RefObject<HTMLUListElement | null>,
  rows: number,
) {
  const [count, setCount] = useState(0);
  const recount = useCallback(() => {
    const panel = panelRef.current;
    const list = listRef.current;
    if (!panel || !list) return setCount(0);
    const edge = Math.min(
      panel.getBoundingClientRect().bottom,
      list.getBoundingClientRect().bottom,
      window.innerHeight,
    );
    const hidden = Array.from(list.children).filter((row) => row.getBoundingClientRect().bottom > edge + 2).length;
    setCount(hidden);
  }, [panelRef, listRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counted again when the rows change.
  useLayoutEffect(() => {
    recount();
    window.addEventListener("resize", recount);
    return () => window.removeEventListener("resize", recount);
  }, [recount, rows]);
  return { count, recount };
}
