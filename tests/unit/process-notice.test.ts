import { describe, expect, it } from "vitest";
import { processNotice } from "../../web/features/braindump/process-notice";

describe("processNotice: one notice per braindump submit (docs/decisions/152-one-braindump-notice.md)", () => {
  it("without duplicates: the brief's notice as it is", () => {
    expect(processNotice({ added: 3, repeated: 0, existing: 0 })).toEqual({
      title: "Brain dump processed",
      description: "Now let's identify your priorities.",
    });
  });

  it("says how many were added and how many of each kind of duplicate were left out", () => {
    expect(processNotice({ added: 2, repeated: 1, existing: 3 })).toEqual({
      title: "Brain dump processed",
      description:
        "2 tasks added. Duplicate tasks removed: 1 repeated in your input. Duplicate tasks detected: 3 already in your list.",
    });
    expect(processNotice({ added: 1, repeated: 2, existing: 0 }).description).toBe(
      "1 task added. Duplicate tasks removed: 2 repeated in your input.",
    );
    expect(processNotice({ added: 4, repeated: 0, existing: 1 }).description).toBe(
      "4 tasks added. Duplicate tasks detected: 1 already in your list.",
    );
  });
});
