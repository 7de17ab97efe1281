import { BD_DIVISIONS, cityDescriptor } from '@haat/contracts';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';
import { bengaliColumn, yesNoFilter } from './shared';

const divisions = BD_DIVISIONS.map((division) => ({ value: division, label: division }));

export default defineResource(cityDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      bengaliColumn('name_bn'),
      { key: 'division', label: 'Division', sort: 'division' },
      { key: 'sub_cities_count', label: 'Sub cities', kind: 'number' },
      { key: 'is_main_city', label: 'Main city', kind: 'boolean' },
      statusColumn,
    ],
    filters: [{ name: 'division', label: 'Division', options: divisions }, yesNoFilter('is_main_city', 'Main city'), statusFilter],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    import: {
      columns: ['id', 'name', 'name_bn', 'division', 'is_main_city', 'status'],
      example: [['', 'Gazipur', 'গাজীপুর', 'Dhaka', 'false', '1']],
      help: 'A line with a known id or name updates that city; the others are added.',
    },
    searchPlaceholder: 'Name in English or Bengali',
    empty: 'No cities yet. Cities are where you deliver: checkout asks for one.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'name_bn', label: 'Bengali name', kind: 'text', half: true, description: 'Shown at checkout beside the English name' },
      { name: 'division', label: 'Division', kind: 'select', options: divisions, half: true },
      statusField,
      {
        name: 'is_main_city',
        label: 'Main city',
        kind: 'switch',
        description: 'Its sub cities marked "inside" get the inside-the-main-city delivery charge. One city at a time.',
      },
    ],
  },
});
