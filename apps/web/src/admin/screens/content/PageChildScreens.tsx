import type { Paginator } from '@haat/contracts';
import { Alert, Button, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../../lib/api';
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
          All pages
        </Button>
      ),
    },
  };
  const entry: ResourceEntry = {
    name: `page-${kind}`,
    title: `${spec.plural} of ${pageTitle}`,
    singular: spec.singular,
    permission: 'page',
    menuGroup: 'Settings and content',
    routes: spec.routes(slug),
    load: async () => ({ default: resource }),
  };
  return { entry, resource };
}

function PageMissing() {
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Alert color="red" role="alert">
        There is no page with this address. <Link to={PAGES_LIST}>Back to the pages</Link>
      </Alert>
    </Stack>
  );
}

function ChildList({ kind }: { kind: Kind }) {
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
  const page = usePage(slug);
  if (page.isPending) return <Skeleton h={320} radius="md" />;
  if (!page.data) return <PageMissing />;
  const { entry, resource } = scoped(kind, slug, page.data.title);
  return (
    <DeclaredForm
      key={id ?? 'new'}
      title={id ? `Edit ${entry.singular} of ${page.data.title}` : `Add ${entry.singular} to ${page.data.title}`}
      api={resource.api}
      id={id}
      contract={resource.contract}
      fields={resource.form.fields}
      back={{ to: entry.routes.list, label: `Back to the ${KINDS[kind].plural.toLowerCase()}` }}
      submitLabel={id ? 'Save changes' : `Add ${entry.singular}`}
    />
  );
}

export const SectionList = () => <ChildList kind="sections" />;
export const SectionForm = () => <ChildForm kind="sections" />;
export const TestimonialList = () => <ChildList kind="testimonials" />;
export const TestimonialForm = () => <ChildForm kind="testimonials" />;
