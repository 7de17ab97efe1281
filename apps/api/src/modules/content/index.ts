/** Pages, testimonials, product reviews, contact messages, templates and factories. */
export { contentRoutes } from './content.routes';
export { seedContent } from './content.seed';
export { type FactoryChoice, factoryChoices, factoryNameSql, factoryNames, findFactory } from './factory-lookup';
export { type Notification, type NotificationOutcome, notify } from './notifier';
export { createProductReview, productRatings } from './product-review.service';
export { approvedProductReviews, productRatingStars } from './product-review-display.service';
export { publishedPage, publishedPageAddresses } from './published-page.service';
export {
  type ActiveTemplate,
  activeTemplate,
  renderActiveTemplate,
  renderTemplate,
  type TemplateItem,
  type TemplateValues,
} from './template.service';
