import { teamMemberDescriptor } from '@haat/contracts';
import { ilike, inArray, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { createResource, likeContains } from '../../http/resource';
import { salaryAdvances, salaryMonths, teamMembers } from './team.table';

type Row = Record<string, unknown>;

/** Per member of a page: salary saved and not paid, and advances still to recover (two grouped reads). */
async function memberViews({ db }: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => Number(row.id));
  const dues = ids.length
    ? await db
        .select({ id: salaryMonths.memberId, due: sql<string>`sum(${salaryMonths.net} - ${salaryMonths.paid})` })
        .from(salaryMonths)
        .where(inArray(salaryMonths.memberId, ids))
        .groupBy(salaryMonths.memberId)
    : [];
  const lefts = ids.length
    ? await db
        .select({ id: salaryAdvances.memberId, left: sql<string>`sum(${salaryAdvances.amount} - ${salaryAdvances.recovered})` })
        .from(salaryAdvances)
        .where(inArray(salaryAdvances.memberId, ids))
        .groupBy(salaryAdvances.memberId)
    : [];
  const due = new Map(dues.map((row) => [row.id, Number(row.due)]));
  const left = new Map(lefts.map((row) => [row.id, Number(row.left)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    designation: row.designation,
    phone: row.phone,
    national_id: row.nationalId,
    joining_date: row.joiningDate,
    monthly_salary: Number(row.monthlySalary),
    note: row.note,
    status: row.status,
    salary_due: due.get(Number(row.id)) ?? 0,
    advance_left: left.get(Number(row.id)) ?? 0,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

/** `/admin/team/member` (+ add, edit): the people who work for the shop; a member with salaries or advances is made inactive, not deleted. */
export const teamMemberResource = createResource(teamMemberDescriptor, {
  table: teamMembers,
  id: teamMembers.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return or(ilike(teamMembers.name, pattern), ilike(teamMembers.designation, pattern), ilike(teamMembers.phone, pattern));
  },
  sort: {
    id: teamMembers.id,
    name: teamMembers.name,
    designation: teamMembers.designation,
    joining_date: teamMembers.joiningDate,
    monthly_salary: teamMembers.monthlySalary,
    created_at: teamMembers.createdAt,
  },
  filters: { status: { column: teamMembers.status } },
  statusColumn: teamMembers.status,
  usedBy: [
    { label: 'salary months', table: salaryMonths, column: salaryMonths.memberId },
    { label: 'salary advances', table: salaryAdvances, column: salaryAdvances.memberId },
  ],
  audit: { entity: 'team.member', ignore: ['salary_due', 'advance_left'] },
  toValues(_ctx, input) {
    return {
      name: input.name,
      designation: input.designation,
      phone: input.phone,
      nationalId: input.national_id,
      joiningDate: input.joining_date,
      monthlySalary: input.monthly_salary,
      note: input.note,
      status: input.status,
    };
  },
  toViews: memberViews,
});
