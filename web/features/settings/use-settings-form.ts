import { t } from "@lingui/core/macro";
import { type FormEvent, useState } from "react";
import { ApiRequestError } from "../../api/client";
import { apiFieldErrors, type FieldErrors } from "../../api/field-errors";
import { showError } from "../../ui/toast";

/** A settings failure toast's description: what the server said, else a network problem. */
export const failureText = (err: unknown) =>
  err instanceof ApiRequestError ? err.serverMessage : t`Please check your connection and try again.`;

type SettingsFormOptions<Input> = {
  /** Reads and checks the form: what to send, or the errors to show beside its fields. */
  check: (form: FormData) => { input: Input; errors?: never } | { errors: FieldErrors; input?: never };
  /** Sends the input and shows the outcome; the form element is there to reset or refresh it. */
  save: (input: Input, formElement: HTMLFormElement) => Promise<void>;
  /** On a failed save: the toast's title, and the form error when the server names no field. */
  failure: { title: string; form: string };
};

/**
 * The submit of a settings form: check, send, and on a failure show the errors beside the fields and
 * a failure toast (docs/product.md#how-a-failure-reads). The fields are disabled while it runs.
 */
export function useSettingsForm<Input>({ check, save, failure }: SettingsFormOptions<Input>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const checked = check(new FormData(formElement));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await save(checked.input, formElement);
    } catch (err) {
      setErrors(apiFieldErrors(err, failure.form));
      showError(failure.title, failureText(err));
    } finally {
      setPending(false);
    }
  }

  return { errors, pending, onSubmit };
}
