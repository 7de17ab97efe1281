import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { NotFound } from '../../ui/NotFound';
import { Loading } from '../Loading';
import { useShop } from './shop';

/** `/shop/{slug}/page/{page}`: one of the reseller's own pages. */
export default function ShopPage() {
  const { shop, path } = useShop();
  const slug = useParams().page ?? '';
  const page = useQuery({
    queryKey: ['shop', shop.slug, 'page', slug],
    queryFn: () => get<{ title: string; content: string }>(`/_public/shop/${shop.slug}/page/${encodeURIComponent(slug)}`),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
  if (page.isPending) return <Loading />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) return <NotFound home={path()} inShell />;
    return <p role="alert">{page.error.message}</p>;
  }
  return (
    <article className="s-card s-stack">
      <h1>{page.data.title}</h1>
      <div style={{ whiteSpace: 'pre-line' }}>{page.data.content}</div>
    </article>
  );
}
