import { authErrorTexts } from '@pitstop/core/messages';
import { oneClickTexts } from '@pitstop/core/one-click';
import { savedCardTexts, type SavedCard, type SavedCards } from '@pitstop/core/saved-cards';
import { lazy, Suspense, useId, useState, type ComponentType } from 'react';
import { CheckboxField } from '@/components/ordering/card-fields';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/error-text';
import { useSavedCards } from '@/lib/saved-cards';
import { useRemoveCard } from '../api/remove-card';
import { useSetOneClick } from '../api/set-one-click';
import { AddSandboxCard } from './add-sandbox-card';
import type { AddStripeCardProps } from './add-stripe-card';

// Stripe Elements load only when the shop's provider is Stripe and a card is being added.
const AddStripeCard = lazy<ComponentType<AddStripeCardProps>>(() =>
  import('./add-stripe-card').then((m) => ({ default: m.AddStripeCard })),
);

const sectionClass = 'flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

function CardRow({ card, onRemoved }: { card: SavedCard; onRemoved: (message: string | null) => void }) {
  const remove = useRemoveCard();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3">
      <div className="flex flex-col">
        <span className="font-semibold text-slate-900">{savedCardTexts.ending(card.brand, card.last4)}</span>
        <span className="text-sm text-slate-600">{savedCardTexts.expires(card.expMonth, card.expYear)}</span>
      </div>
      <button
        type="button"
        className={buttonStyles('ghost', 'md', 'text-red-700')}
        aria-label={savedCardTexts.removeName(card.brand, card.last4)}
        disabled={remove.isPending}
        onClick={() => {
          if (!window.confirm(savedCardTexts.confirmRemove)) return;
          remove.mutate(card.id, {
            onSuccess: () => onRemoved(savedCardTexts.removed),
            onError: (error) => onRemoved(problemText(error, authErrorTexts.generic)),
          });
        }}
      >
        {remove.isPending ? savedCardTexts.removing : savedCardTexts.remove}
      </button>
    </li>
  );
}

function OneClickSwitch({ data, onChanged }: { data: SavedCards; onChanged: (message: string) => void }) {
  const set = useSetOneClick();
  // What was asked, shown at once (a controlled box would spring back until the answer).
  const [asked, setAsked] = useState<boolean | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-5">
      <CheckboxField
        label={oneClickTexts.toggle}
        hint={oneClickTexts.toggleHelp}
        checked={asked ?? data.oneClickEnabled}
        disabled={set.isPending}
        onChange={(enabled) => {
          setFailed(null);
          setAsked(enabled);
          set.mutate(enabled, {
            onSuccess: () => onChanged(enabled ? oneClickTexts.turnedOn : oneClickTexts.turnedOff),
            onError: (error) => setFailed(problemText(error, authErrorTexts.generic)),
            onSettled: () => setAsked(null),
          });
        }}
      />
      <ErrorNotice message={failed} />
    </div>
  );
}

/**
 * The profile's saved cards (issue #28): each as brand, last four and expiry with Remove, the
 * 1-Click switch, and Add a card (the sandbox's test form, or Stripe's card element).
 */
export function SavedCardsSection() {
  const headingId = useId();
  const cards = useSavedCards();
  const [adding, setAdding] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  let body;
  if (!cards.data) {
    body = cards.isPending ? (
      <Spinner label={savedCardTexts.loading} className="justify-start py-4" />
    ) : (
      <QueryError onRetry={() => void cards.refetch()} retrying={cards.isFetching} />
    );
  } else {
    const { data } = cards;
    const saved = (message: string) => {
      setAdding(false);
      setSaid(message);
    };
    body = (
      <>
        {data.cards.length === 0 ? (
          <p className="text-slate-600">{savedCardTexts.none}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
            {data.cards.map((card) => (
              <CardRow key={card.id} card={card} onRemoved={setSaid} />
            ))}
          </ul>
        )}
        {adding ? (
          data.provider === 'stripe' && data.publishableKey ? (
            <Suspense fallback={<Spinner label={savedCardTexts.add} className="justify-start py-4" />}>
              <AddStripeCard
                publishableKey={data.publishableKey}
                onSaved={() => saved(savedCardTexts.saved)}
                onCancel={() => setAdding(false)}
              />
            </Suspense>
          ) : (
            <AddSandboxCard onSaved={() => saved(savedCardTexts.saved)} onCancel={() => setAdding(false)} />
          )
        ) : (
          <button
            type="button"
            className={buttonStyles('secondary', 'md', 'self-start')}
            onClick={() => {
              setSaid(null);
              setAdding(true);
            }}
          >
            {savedCardTexts.add}
          </button>
        )}
        <OneClickSwitch data={data} onChanged={setSaid} />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {savedCardTexts.heading}
      </h2>
      <p role="status" className={said ? 'font-medium text-green-800' : 'sr-only'}>
        {said ?? ''}
      </p>
      {body}
    </section>
  );
}
