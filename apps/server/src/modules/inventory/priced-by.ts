/**
 * What caps and payment rules read alike of a row: its author, its payment model and its goal (each may be gone).
 * A select takes `{ <row>: table, ...pricedByFields }` and left-joins users, payment models and vertical goals.
 */
import { paymentModels, verticalGoals } from '../../db/schema';
import { author, type AuthorRow } from '../sell-side/integrations';

export const pricedByFields = {
  author,
  model: { id: paymentModels.id, code: paymentModels.code, title: paymentModels.title },
  goal: { id: verticalGoals.id, title: verticalGoals.title },
};

export interface PricedBy {
  author: AuthorRow;
  model: { id: number; code: string; title: string } | null;
  goal: { id: number; title: string } | null;
}
