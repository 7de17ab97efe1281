/** Kept for the product service; the slug option of createResource uses it too. */
export { chooseSlug } from '../../http/slug';
