import { Trans, useLingui } from "@lingui/react/macro";
/**
 * Marks a row shown from a change that waits on this device (docs/product.md#offline): the server
 * has not seen it yet.
 */
export function UnsyncedMark({ unsynced }: { unsynced: boolean }) {
  const { t } = useLingui();
  if (!unsynced) return null;
  return (
    <span
      className="ms-1.5 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-[1px] text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      title={t`Saved on this device. It syncs when you're back online.`}
    >
      <span className="sr-only">, </span>
      <Trans>Not synced</Trans>
    </span>
  );
}
