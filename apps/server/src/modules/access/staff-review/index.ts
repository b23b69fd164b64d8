/** The staff review of issue 15: staff accounts created or given rights or credentials by non-administrators. */
export { default as staffReviewRoutes } from './staff-review.routes';
export { review as staffReview, givenBy } from './staff-review.service';
