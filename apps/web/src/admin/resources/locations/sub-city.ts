import { subCityDescriptor } from '@haat/contracts';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';
import { bengaliColumn, yesNoFilter } from './shared';

const city = { api: '/api/admin/cities', query: 'sort=name' };

export default defineResource(subCityDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      bengaliColumn('name_bn'),
      { key: 'city_name', label: 'City' },
      { key: 'is_inside_main_city', label: 'Inside main city', kind: 'boolean' },
      statusColumn,
    ],
    filters: [{ name: 'city_id', label: 'City', reference: city }, yesNoFilter('is_inside_main_city', 'Inside main city'), statusFilter],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name in English or Bengali',
    empty: 'No sub cities yet. A sub city is an area of a city: an upazila or a thana.',
  },
  form: {
    fields: [
      { name: 'city_id', label: 'City', kind: 'reference', reference: city, required: true },
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'name_bn', label: 'Bengali name', kind: 'text', half: true },
      {
        name: 'is_inside_main_city',
        label: 'Inside the main city',
        kind: 'switch',
        description: 'Charged the inside-the-main-city delivery default unless it has its own charge',
      },
      statusField,
    ],
  },
});
