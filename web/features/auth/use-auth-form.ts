import { type FormEvent, useState } from "react";
import type { z } from "zod";
import type { AuthResponse } from "../../../shared/schemas/auth";
import { useSignIn } from "../../api/auth";
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from "../../api/field-errors";

type AuthFormOptions<Input> = {
  /** The form's fields checked by the shared schema the server checks them with too. */
  parse: (form: FormData) => z.ZodSafeParseResult<Input>;
  send: (input: Input) => Promise<AuthResponse>;
  /** The form error when the server gives no message of its own. */
  failure: string;
  /** Moves a server error to the field it is about (registration's "taken" answers). */
  placeErrors?: (errors: FieldErrors) => FieldErrors;
  initialErrors?: () => FieldErrors;
};

/**
 * The submit of the sign-in and registration forms: check, send, then sign in (the page then
 * returns to where the person wanted to go); every error shows beside its field, or above the form.
 */
export function useAuthForm<Input>({ parse, send, failure, placeErrors, initialErrors }: AuthFormOptions<Input>) {
  const signIn = useSignIn();
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parse(new FormData(event.currentTarget));
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      // Signed in: the page's next render returns to where the person wanted to go.
      signIn(await send(parsed.data));
    } catch (err) {
      const fieldErrors = apiFieldErrors(err, failure);
      setErrors(placeErrors ? placeErrors(fieldErrors) : fieldErrors);
    } finally {
      setPending(false);
    }
  }

  return { errors, pending, onSubmit };
}
