import { describe, expect, it } from "vitest";
import { createTaskSchema } from "../../shared/schemas/tasks";
import { aiAddPayload } from "../../web/api/suggestions";

describe("the task sent when a suggestion is added (docs/product.md#ai-suggestion-widget AI add)", () => {
  it("is the title with every other field cleared, exactly those six fields", () => {
    expect(aiAddPayload("Call the bank")).toStrictEqual({
      title: "Call the bank",
      description: null,
      category: null,
      isCompleted: false,
      isPriority: false,
      noListReason: null,
    });
  });

  it("is accepted by the API's own schema as it is", () => {
    const parsed = createTaskSchema.safeParse(aiAddPayload("Book the dentist"));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});
