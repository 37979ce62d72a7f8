import type { SandboxSaveCardInput, SavedCard } from '@pitstop/core/saved-cards';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/cards/sandbox (Bearer, test mode only): keeps a test card (brand, last four, expiry).
 * 400 carries field errors for number, expiry and cvc.
 *
 * A plain function, not a mutation hook: a mutation keeps its variables (the card number) in
 * TanStack Query's mutation cache, and card data must not sit in any cache.
 */
export function saveSandboxCard(card: SandboxSaveCardInput): Promise<SavedCard> {
  return apiPost<SavedCard>('/cards/sandbox', card);
}

/** POST /api/cards/setup-intent (Bearer, Stripe): the SetupIntent Elements confirms the new card with. */
export function createSetupIntent(): Promise<{ clientSecret: string }> {
  return apiPost<{ clientSecret: string }>('/cards/setup-intent');
}

/** POST /api/cards (Bearer, Stripe): after Elements confirmed the SetupIntent, the server keeps its card. */
export function saveSetupCard(setupIntentId: string): Promise<SavedCard> {
  return apiPost<SavedCard>('/cards', { setupIntentId });
}
