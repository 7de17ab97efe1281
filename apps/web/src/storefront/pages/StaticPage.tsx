import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { imageUrl } from '../../lib/image';
import { useSiteInfo } from '../../lib/site';
import { NotFound } from '../../ui/NotFound';
import { usePageTitle } from '../../ui/Title';
import { Loading } from '../Loading';

interface PageAnswer {
  page: { title: string; slug: string; body: string; updated_at: string };
  sections: { id: number; title: string; body: string; image: string | null }[];
  testimonials: { id: number; name: string; designation: string; text: string; image: string | null }[];
}

/** The page slugs that carry the contact form (with or without a page of text above it). */
export const CONTACT_SLUGS = ['contact', 'contact-us'];

const ContactForm = lazy(() => import('../ContactForm'));

/** `/page/:slug`: a page from the back office's page info (about, terms, delivery…); the contact page adds its form. */
export default function StaticPage() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { slug = '' } = useParams();
  const contact = CONTACT_SLUGS.includes(slug);
  const query = useQuery({
    queryKey: ['store', 'page', slug],
    queryFn: () => get<PageAnswer>(`/_public/page/${encodeURIComponent(slug)}`),
    staleTime: 5 * 60_000,
  });
  const title = query.data?.page.title ?? (contact ? t('store.contactUs') : null);
  usePageTitle(title && site ? `${title} | ${site.site_name}` : title);

  const missing = query.error instanceof ApiError && query.error.status === 404;
  if (missing && !contact) return <NotFound inShell />;
  if (query.isPending) return <Loading />;
  const page = query.data;
  return (
    <article className="s-stack s-narrow" style={{ maxWidth: 760 }}>
      <h1>{title}</h1>
      {query.isError && !missing && (
        <p className="s-alert" role="alert">
          {query.error.message}
        </p>
      )}
      {page?.page.body && (
        // Rich text sanitised by the server when it was saved.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        <div className="s-card s-description" dangerouslySetInnerHTML={{ __html: page.page.body }} />
      )}
      {page?.sections.map((section) => (
        <section key={section.id} className="s-card s-stack" aria-label={section.title}>
          <h2>{section.title}</h2>
          {section.image && <img src={imageUrl(section.image) ?? ''} alt="" loading="lazy" />}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server */}
          <div className="s-description" dangerouslySetInnerHTML={{ __html: section.body }} />
        </section>
      ))}
      {page && page.testimonials.length > 0 && (
        <section className="s-stack" aria-labelledby="page-testimonials">
          <h2 id="page-testimonials">{t('store.testimonials')}</h2>
          {page.testimonials.map((testimonial) => (
            <blockquote key={testimonial.id} className="s-card" style={{ margin: 0 }}>
              <p>“{testimonial.text}”</p>
              <footer className="s-muted s-small">
                {testimonial.name}
                {testimonial.designation && `, ${testimonial.designation}`}
              </footer>
            </blockquote>
          ))}
        </section>
      )}
      {contact && (
        <Suspense fallback={null}>
          <ContactForm />
        </Suspense>
      )}
    </article>
  );
}
