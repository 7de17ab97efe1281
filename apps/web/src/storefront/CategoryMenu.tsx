import type { PublicCategory } from '@haat/contracts';
import { Link } from 'react-router';
import { usePhrase } from '../lib/phrases';

/**
 * The home page's category menu on a wide screen (store.css shows it from 1024 px, beside the slider; phones keep
 * the header's menu and the category row): the top categories in a column, each one's sub categories opening beside
 * it on hover or when the keyboard's focus is inside it (Tab goes from a category into its sub categories). The
 * server's drawing of the home page (the API's storefront/first-paint.ts, `homePaint`) draws the same list.
 */
export function CategoryMenu({ categories }: { categories: PublicCategory[] }) {
  const phrase = usePhrase();
  return (
    <nav className="s-home-menu" aria-label={phrase('Shop by category')}>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={`/category/${category.slug}`}>{category.name}</Link>
            {category.sub_categories.length > 0 && (
              <ul>
                {category.sub_categories.map((sub) => (
                  <li key={sub.id}>
                    <Link to={`/category/${category.slug}/${sub.slug}`}>{sub.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
