import type { Paginator } from '@haat/contracts';
import { Alert, Button, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../../lib/api';
import { phrase, usePhrase } from '../../../lib/phrases';
import { ResourceList } from '../../../ui/resource/ResourceList';
import { pageSections, pageTestimonials } from '../../resources/content/page-children';
import type { ResourceDefinition, ResourceEntry } from '../../resources/types';
import { DeclaredForm } from './DeclaredForm';

type Kind = 'sections' | 'testimonials';
const PAGES_LIST = '/admin/page/info/lists';

/** Seed §2.4's paths for a page's sections ("description") and testimonials ("review"). */
const KINDS = {
  sections: {
    declare: pageSections,
    singular: 'section',
    plural: 'Sections',
    pluralOf: 'Sections of {{page}}',
    addTo: 'Add a section to {{page}}',
    editOf: 'Edit a section of {{page}}',
    back: 'Back to the sections',
    routes: (slug: string) => ({
      list: `/admin/page/description/${slug}`,
      add: `/admin/description/add/${slug}`,
      edit: `/admin/description/${slug}/:descriptionId`,
    }),
  },
  testimonials: {
    declare: pageTestimonials,
    singular: 'testimonial',
    plural: 'Testimonials',
    pluralOf: 'Testimonials of {{page}}',
    addTo: 'Add a testimonial to {{page}}',
    editOf: 'Edit a testimonial of {{page}}',
    back: 'Back to the testimonials',
    routes: (slug: string) => ({
      list: `/admin/review/${slug}`,
      add: `/admin/review/add/${slug}`,
      edit: `/admin/review/${slug}/:reviewId`,
    }),
  },
} as const;

/** The page the slug names, for the titles. */
function usePage(slug: string) {
  return useQuery({
    queryKey: ['resource', '/api/admin/pages', 'slug', slug],
    queryFn: async () => {
      const list = await get<Paginator<{ id: number; title: string; slug: string }>>(
        `/api/admin/pages?filter[slug]=${encodeURIComponent(slug)}`,
      );
      return list.data[0] ?? null;
    },
  });
}

/** The entry and declaration of one page's children, with the paths filled in for its slug. */
function scoped(kind: Kind, slug: string, pageTitle: string): { entry: ResourceEntry; resource: ResourceDefinition } {
  const spec = KINDS[kind];
  const declared = spec.declare(slug);
  const resource: ResourceDefinition = {
    ...declared,
    list: {
      ...declared.list,
      actions: () => (
        <Button component={Link} to={PAGES_LIST} variant="subtle">
          {phrase('All pages')}
        </Button>
      ),
    },
  };
  const entry: ResourceEntry = {
    name: `page-${kind}`,
    title: phrase(spec.pluralOf, { page: pageTitle }),
    singular: spec.singular,
    permission: 'page',
    // i18n-ignore: not shown (these screens have no menu item of their own)
    menuGroup: 'Settings and content',
    routes: spec.routes(slug),
    load: async () => ({ default: resource }),
  };
  return { entry, resource };
}

function PageMissing() {
  const phrase = usePhrase();
  return (
    <Stack>
      <Title order={1}>{phrase('Page not found')}</Title>
      <Alert color="red" role="alert">
        {phrase('There is no page with this address.')} <Link to={PAGES_LIST}>{phrase('Back to the pages')}</Link>
      </Alert>
    </Stack>
  );
}

function ChildList({ kind }: { kind: Kind }) {
  usePhrase();
  const slug = useParams().slug ?? '';
  const page = usePage(slug);
  if (page.isPending) return <Skeleton h={320} radius="md" />;
  if (!page.data) return <PageMissing />;
  const { entry, resource } = scoped(kind, slug, page.data.title);
  return <ResourceList key={`${kind}:${slug}`} entry={entry} resource={resource} />;
}

function ChildForm({ kind }: { kind: Kind }) {
  const params = useParams();
  const slug = params.slug ?? '';
  const id = kind === 'sections' ? params.descriptionId : params.reviewId;
  const phrase = usePhrase();
  const page = usePage(slug);
  if (page.isPending) return <Skeleton h={320} radius="md" />;
  if (!page.data) return <PageMissing />;
  const { entry, resource } = scoped(kind, slug, page.data.title);
  return (
    <DeclaredForm
      key={id ?? 'new'}
      title={phrase(id ? KINDS[kind].editOf : KINDS[kind].addTo, { page: page.data.title })}
      api={resource.api}
      id={id}
      contract={resource.contract}
      fields={resource.form.fields}
      back={{ to: entry.routes.list, label: phrase(KINDS[kind].back) }}
      submitLabel={id ? phrase('Save changes') : phrase('Add {{thing}}', { thing: phrase(entry.singular) })}
    />
  );
}

export const SectionList = () => <ChildList kind="sections" />;
export const SectionForm = () => <ChildForm kind="sections" />;
export const TestimonialList = () => <ChildList kind="testimonials" />;
export const TestimonialForm = () => <ChildForm kind="testimonials" />;
