import { describe, expect, it } from "vitest";
import { type ToastMessage, ToastQueue } from "../../web/ui/toast-queue";

/** A screen that holds what the queue put on it, and lets the test close a toast like its timer would. */
function fakeScreen() {
  const shown: { id: string; message: ToastMessage; closed: () => void }[] = [];
  const queue = new ToastQueue({ show: (id, message, closed) => shown.push({ id, message, closed }) });
  const last = () => {
    const entry = shown.at(-1);
    if (!entry) throw new Error("nothing shown");
    return entry;
  };
  return { queue, shown, last, titles: () => shown.map((entry) => entry.message.title) };
}

const info = (title: string): ToastMessage => ({ kind: "info", title });

describe("the toast queue", () => {
  it("shows one toast at a time and each of a burst in turn, losing none", () => {
    const { queue, last, titles } = fakeScreen();
    queue.push(info("Duplicate tasks removed"));
    queue.push(info("Duplicate tasks detected"));
    queue.push({ kind: "error", title: "No new tasks to add" });
    expect(titles()).toEqual(["Duplicate tasks removed"]);
    expect(queue.pending).toBe(2);

    last().closed();
    expect(titles()).toEqual(["Duplicate tasks removed", "Duplicate tasks detected"]);
    last().closed();
    last().closed();
    expect(titles()).toEqual(["Duplicate tasks removed", "Duplicate tasks detected", "No new tasks to add"]);
    expect(queue.current).toBeNull();
    expect(queue.pending).toBe(0);
  });

  it("does not repeat a notice that is on screen or already waiting", () => {
    const { queue, last, titles } = fakeScreen();
    queue.push({ kind: "error", title: "Empty input", description: "Please enter some tasks to process." });
    queue.push({ kind: "error", title: "Empty input", description: "Please enter some tasks to process." });
    queue.push(info("Next"));
    queue.push(info("Next"));
    expect(queue.pending).toBe(1);
    last().closed();
    last().closed();
    expect(titles()).toEqual(["Empty input", "Next"]);
    // Once closed, the same notice may show again.
    queue.push(info("Next"));
    expect(titles()).toEqual(["Empty input", "Next", "Next"]);
  });

  it("ignores a second close of the same toast", () => {
    const { queue, shown, titles } = fakeScreen();
    queue.push(info("A"));
    queue.push(info("B"));
    queue.push(info("C"));
    shown[0]?.closed();
    shown[0]?.closed();
    expect(titles()).toEqual(["A", "B"]);
  });

  it("turns a progress toast on screen into its outcome in place", () => {
    const { queue, shown, last } = fakeScreen();
    const progress = queue.progress("Clearing tasks...", "Please wait while we clear your selected tasks.");
    queue.push(info("Later notice"));
    progress.finish({
      kind: "success",
      title: "Tasks cleared successfully",
      description: "2 task(s) have been cleared from your list.",
    });
    expect(shown.map((s) => s.id)).toEqual([shown[0]?.id, shown[0]?.id]);
    expect(last().message.title).toBe("Tasks cleared successfully");
    // The close of the replaced form does not move the queue on; the outcome's close does.
    shown[0]?.closed();
    expect(queue.current?.title).toBe("Tasks cleared successfully");
    last().closed();
    expect(last().message.title).toBe("Later notice");
  });

  it("replaces a waiting progress toast before it is shown, and shows an outcome whose progress was closed", () => {
    const { queue, last, titles } = fakeScreen();
    queue.push(info("First"));
    const waiting = queue.progress("Clearing tasks...");
    waiting.finish({ kind: "error", title: "Error clearing tasks" });
    last().closed();
    expect(titles()).toEqual(["First", "Error clearing tasks"]);
    last().closed();

    const closedEarly = queue.progress("Clearing tasks...");
    last().closed();
    closedEarly.finish({ kind: "success", title: "Tasks cleared successfully" });
    expect(titles()).toEqual(["First", "Error clearing tasks", "Clearing tasks...", "Tasks cleared successfully"]);
  });
});
