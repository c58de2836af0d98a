import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import { type SharedOffer, sharedPartsOf, withSharedText } from "../../api/shared-text";
import { Button } from "../../ui/button";

const KIND_NAMES = {
  title: msg({ message: "Title", context: "a shared page's title" }),
  link: msg({ message: "Link", context: "a shared page's address" }),
} as const;

type Props = {
  /** The address the share arrived with (`?title=…&text=…&url=…`). */
  search: string;
  /** The braindump box's text: the shared text, and an offer taken, go below it. */
  setText: Dispatch<SetStateAction<string>>;
};

/** The keyboard back in the box, to go on typing. */
const focusBox = () => document.getElementById("braindump-text")?.focus();

/**
 * Takes a share in (docs/decisions/241-shared-title-and-link-offered.md): its text goes below
 * what the box holds, once; its title and link are offered rather than put in the box, since they
 * name where the text came from more often than a task. Loaded only when a share arrives, off the
 * first screen's bundle.
 */
export function SharedOffers({ search, setText }: Props) {
  const { t } = useLingui();
  const [shared] = useState(() => sharedPartsOf(search));
  const [offers, setOffers] = useState(shared.offers);
  // Once per share, also where React runs effects twice in development.
  const taken = useRef(false);
  useEffect(() => {
    const text = shared.text;
    if (taken.current || !text) return;
    taken.current = true;
    setText((current) => withSharedText(current, text));
  }, [shared, setText]);

  if (offers.length === 0) return null;
  const add = (offer: SharedOffer) => {
    setText((current) => withSharedText(current, offer.line));
    setOffers((current) => current.filter((other) => other !== offer));
    focusBox();
  };
  const dismiss = () => {
    setOffers([]);
    focusBox();
  };
  const count = offers.length;
  return (
    <section
      aria-labelledby="shared-offers-title"
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="shared-offers-title" className="font-medium">
        <Trans>Also in what you shared, not added:</Trans>
      </h2>
      <ul className="space-y-2">
        {offers.map((offer) => {
          const kind = t(KIND_NAMES[offer.kind]);
          const line = offer.line;
          return (
            <li key={offer.kind} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="min-w-0 flex-1 break-words">
                <span className="text-slate-600 dark:text-slate-400">
                  <Trans context="a shared page's title or address, before it">{kind}: </Trans>
                </span>
                {offer.line}
              </span>
              <Button size="sm" variant="outline" onClick={() => add(offer)} aria-label={t`Add as a task: ${line}`}>
                <Trans>Add as a task</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
      <Button size="sm" variant="ghost" className="-ms-3" onClick={dismiss}>
        <Plural value={count} one="Leave it out" other="Leave them out" />
      </Button>
    </section>
  );
}
