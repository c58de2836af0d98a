import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { Answers, AnswerValue, QuestionId } from "../../shared/questions";
import type { Task } from "../../shared/schemas/tasks";
import { type AnswersPatch, applyAnswersPatch, toggleAnswer } from "./answer-changes";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

type Send = (taskId: number, patch: AnswersPatch) => Promise<Task>;
type Pending = { sending: AnswersPatch | null; queued: AnswersPatch | null };

/**
 * Saves answers as they are given (docs/decisions/018-answers-data.md): each change is sent at
 * once; changes made while one is on its way for the same task are merged and sent right after it,
 * so they arrive in the order they were made. Until the server has them they overlay the saved
 * answers, so a refetch in between never makes a chosen answer blink off.
 */
export class AnswerSaver {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    private readonly send: Send,
    private readonly onSaved: (task: Task, settled: boolean) => void,
    private readonly onFailed: (err: unknown) => void,
  ) {}

  /** The answers to show: the saved ones with the changes not yet saved. */
  answersOf(task: Pick<Task, "id" | "answers">): Answers {
    const entry = this.pending.get(task.id);
    if (!entry) return task.answers;
    return applyAnswersPatch(applyAnswersPatch(task.answers, entry.sending ?? {}), entry.queued ?? {});
  }

  /** True while some change has not reached the server yet. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  change(taskId: number, patch: AnswersPatch): void {
    const entry = this.pending.get(taskId);
    if (entry) entry.queued = { ...entry.queued, ...patch };
    else {
      this.pending.set(taskId, { sending: null, queued: patch });
      void this.flush(taskId);
    }
    this.emit();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.version;

  private async flush(taskId: number): Promise<void> {
    for (;;) {
      const entry = this.pending.get(taskId);
      if (!entry?.queued) {
        this.pending.delete(taskId);
        this.emit();
        return;
      }
      entry.sending = entry.queued;
      entry.queued = null;
      try {
        const saved = await this.send(taskId, entry.sending);
        entry.sending = null;
        this.onSaved(saved, entry.queued === null);
      } catch (err) {
        // The answers go back to what the server has; the caller says so.
        this.pending.delete(taskId);
        this.emit();
        this.onFailed(err);
        return;
      }
    }
  }

  private emit() {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The answers of the user's tasks and a way to change one. `onFailed` is told when the server
 * refused a change (it is undone on screen); `onSaved` gets the task as the server saved it (the
 * cached list has it too, but only when the list could be read).
 */
export function useTaskAnswers(onFailed: (err: unknown) => void, onSaved?: (task: Task) => void) {
  const queryClient = useQueryClient();
  const [saver] = useState(
    () =>
      new AnswerSaver(
        (taskId, patch) => apiRequest<Task>("PATCH", `/api/tasks/${taskId}/answers`, patch, { keepalive: true }),
        (saved, settled) => {
          savedRef.current?.(saved);
          queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) =>
            old?.map((task) => (task.id === saved.id ? saved : task)),
          );
          if (settled) void invalidateTaskData(queryClient);
        },
        (err) => {
          void invalidateTaskData(queryClient);
          failedRef.current(err);
        },
      ),
  );
  const failedRef = useLatest(onFailed);
  const savedRef = useLatest(onSaved);
  useSyncExternalStore(saver.subscribe, saver.snapshot);
  const answer = useCallback(
    (task: Pick<Task, "id" | "answers">, questionId: QuestionId, value: AnswerValue) =>
      saver.change(task.id, toggleAnswer(saver.answersOf(task), questionId, value)),
    [saver],
  );
  return { answersOf: (task: Pick<Task, "id" | "answers">) => saver.answersOf(task), answer, saving: saver.busy };
}

function useLatest<T>(value: T) {
  const [ref] = useState(() => ({ current: value }));
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
