import { ResourceForm } from './ResourceForm';
import { ResourceList } from './ResourceList';
import type { ResourceDefinition, ResourceEntry } from './types';

/** The generated screens of a resource, in one chunk shared by every resource. */
export function resourceScreen(entry: ResourceEntry, resource: ResourceDefinition, mode: 'list' | 'add' | 'edit') {
  return mode === 'list' ? (
    <ResourceList entry={entry} resource={resource} />
  ) : (
    <ResourceForm entry={entry} resource={resource} mode={mode} />
  );
}
