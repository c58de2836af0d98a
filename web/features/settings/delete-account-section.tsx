import { Trans, useLingui } from "@lingui/react/macro";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { confirmsDeletion, DELETE_CONFIRMATION_WORD, deleteAccountSchema } from "../../../shared/schemas/account";
import type { User } from "../../../shared/schemas/auth";
import { deleteAccount } from "../../api/account";
import { saveDraft } from "../../api/braindump-draft";
import { forgetStep } from "../../api/braindump-step";
import { setAuthToken } from "../../api/client";
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from "../../api/field-errors";
import { queryKeys } from "../../api/query-keys";
import { forgetPersistedQueries } from "../../api/query-persistence";
import { Button, buttonClasses } from "../../ui/button";
import { Field, Input } from "../../ui/field";
import { FormError } from "../../ui/form-error";
import { showError, showSuccess } from "../../ui/toast";
import { SettingsSection } from "./settings-section";
import { failureText } from "./use-settings-form";

export function DeleteAccountSection({ user, hasPassword }: { user: User; hasPassword: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const expected = user.username ?? DELETE_CONFIRMATION_WORD;
  const confirmed = confirmsDeletion(confirmation, user.username);

  function onOpenChange(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setConfirmation("");
      setErrors({});
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      confirmation,
      ...(hasPassword ? { password: String(form.get("password") ?? "") } : {}),
    };
    const parsed = deleteAccountSchema.safeParse(input);
    const fieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!fieldErrors.confirmation && !confirmed) fieldErrors.confirmation = t`Type ${expected} to confirm.`;
    if (hasPassword && !input.password) fieldErrors.password = t`Enter your current password.`;
    if (Object.keys(fieldErrors).length > 0) return setErrors(fieldErrors);
    setErrors({});
    setPending(true);
    try {
      await deleteAccount(input);
    } catch (err) {
      setPending(false);
      setErrors(apiFieldErrors(err, t`Could not delete your account. Please try again.`));
      showError(t`Could not delete your account`, failureText(err));
      return;
    }
    const userId = queryClient.getQueryData<User | null>(queryKeys.user)?.id;
    setAuthToken(null);
    forgetPersistedQueries();
    // Changes of the deleted account still waiting on this device go too (docs/product.md#offline).
    if (userId) void import("../../api/outbox").then((outbox) => outbox.forgetOutbox(userId));
    // So do its unprocessed braindump text and step (docs/decisions/240-braindump-draft-kept-on-the-device.md,
    // docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
    if (userId) saveDraft(userId, "");
    forgetStep();
    // Signed out and on the landing page in one render: the protected route must never see a
    // signed-out user on /settings, or it would start the sign-in flow instead.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user[0] });
    queryClient.setQueryData(queryKeys.user, null);
    flushSync(() => navigate("/", { replace: true }));
    showSuccess(t`Account deleted`, t`Your account and all of its data are gone. Thank you for using Onething.`);
  }

  return (
    <SettingsSection
      title={t`Delete my account`}
      tone="danger"
      description={t`Deletes your account with every task, focus session and analytics record, on every device. This cannot be undone — export your data first if you want to keep it.`}
    >
      <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
        <AlertDialog.Trigger className={buttonClasses("destructive")}>
          <Trans>Delete my account</Trans>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
            <AlertDialog.Title className="text-lg font-semibold">
              <Trans>Delete your account?</Trans>
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              <Trans>
                Your account, tasks, focus sessions and analytics will be deleted for good, and every device signed out.
              </Trans>
            </AlertDialog.Description>
            <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
              <FormError message={errors.form} />
              <fieldset disabled={pending} className="space-y-4">
                <Field
                  label={
                    <Trans>
                      Type <strong className="font-mono">{expected}</strong> to confirm
                    </Trans>
                  }
                  error={errors.confirmation}
                >
                  {(props) => (
                    <Input
                      {...props}
                      name="confirmation"
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      value={confirmation}
                      onChange={(event) => setConfirmation(event.target.value)}
                    />
                  )}
                </Field>
                {hasPassword ? (
                  <Field label={t`Current password`} error={errors.password}>
                    {(props) => <Input {...props} name="password" type="password" autoComplete="current-password" />}
                  </Field>
                ) : null}
              </fieldset>
              <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
                <AlertDialog.Cancel className={buttonClasses("outline")} disabled={pending}>
                  <Trans>Cancel</Trans>
                </AlertDialog.Cancel>
                <Button type="submit" variant="destructive" disabled={pending || !confirmed}>
                  {pending ? <Trans>Deleting...</Trans> : <Trans>Delete my account forever</Trans>}
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </SettingsSection>
  );
}
