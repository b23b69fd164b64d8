/** First-start data of payment models: the built-in global ones (kept apart from the service so the seed stays light). */
import { DEFAULT_PAYMENT_MODELS } from '@leadgrid/shared';
import type { DbOrTx } from '../../../db/client';
import { paymentModels } from '../../../db/schema';

/** Writes the built-in global models that are missing (by code); idempotent, safe on every start. */
export async function ensurePaymentModels(db: DbOrTx): Promise<void> {
  await db
    .insert(paymentModels)
    .values(DEFAULT_PAYMENT_MODELS.map((m) => ({ code: m.code, title: m.title, verticalId: null })))
    .onConflictDoNothing();
}
