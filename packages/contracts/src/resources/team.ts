import { type TeamMemberView, teamMemberInput } from '../team';
import { defineResourceDescriptor, statusFilter, viewOf } from './descriptor';

/** Team members (`/admin/team/member`): the people who work for the shop, with or without a login (decision 050). */
export const teamMemberDescriptor = defineResourceDescriptor({
  name: 'team-member',
  label: 'team member',
  title: 'Team members',
  path: '/api/admin/team-members',
  permission: 'team.member',
  input: teamMemberInput,
  view: viewOf<TeamMemberView>(),
  sort: ['id', 'name', 'designation', 'joining_date', 'monthly_salary', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter },
});
