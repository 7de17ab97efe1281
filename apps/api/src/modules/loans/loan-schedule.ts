import type { LoanInterestMethod } from '@haat/contracts';

/**
 * A loan's instalment schedule and how a repayment is shared out (decision 051), as plain arithmetic
 * in paisa. FLAT interest: the yearly rate on the whole principal for the whole term, spread evenly
 * over the monthly instalments; the last instalment takes the paisa left over by rounding. REDUCING
 * balance: each month's interest is the monthly rate on the principal still owed, and every
 * instalment is the same (an annuity), the last one settling what rounding left.
 */

export interface ScheduleTerms {
  principal: number;
  /** Hundredths of a percent a year (12.5% → 1250). */
  rateBp: number;
  termMonths: number;
  firstDueDate: string;
  /** Flat unless given. */
  method?: LoanInterestMethod;
}

export interface ScheduledInstalment {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
}

/** `YYYY-MM-DD` plus whole months; the day is kept, or the month's last day when it has fewer (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = (index % 12) + 1;
  const last = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate();
  return `${String(toYear).padStart(4, '0')}-${String(toMonth).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** Flat interest for the whole term, rounded to the nearest paisa (BigInt: a large loan over 30 years overflows a double). */
export function flatInterest(terms: Pick<ScheduleTerms, 'principal' | 'rateBp' | 'termMonths'>): number {
  const scaled = BigInt(terms.principal) * BigInt(terms.rateBp) * BigInt(terms.termMonths);
  return Number((scaled * 2n + 120_000n) / 240_000n);
}

/** One month's interest on `owed` at a yearly `rateBp`, to the nearest paisa (BigInt, as flatInterest). */
export function monthInterest(owed: number, rateBp: number): number {
  return Number((BigInt(owed) * BigInt(rateBp) * 2n + 120_000n) / 240_000n);
}

/**
 * The equal monthly instalment of a reducing-balance loan, in whole paisa (rounded up, so the last
 * instalment is never the larger one): P·r / (1 − (1 + r)^−n), r the monthly rate.
 */
export function reducingInstalment(terms: Pick<ScheduleTerms, 'principal' | 'rateBp' | 'termMonths'>): number {
  const n = terms.termMonths;
  if (terms.rateBp === 0) return Math.ceil(terms.principal / n);
  const r = terms.rateBp / 120_000;
  return Math.ceil((terms.principal * r) / (1 - (1 + r) ** -n));
}

function reducingSchedule(terms: ScheduleTerms): ScheduledInstalment[] {
  const n = terms.termMonths;
  const each = reducingInstalment(terms);
  let owed = terms.principal;
  return Array.from({ length: n }, (_, index) => {
    const interest = monthInterest(owed, terms.rateBp);
    // The last instalment pays off what is left; no instalment pays more principal than is owed.
    const principal = index === n - 1 ? owed : Math.max(0, Math.min(owed, each - interest));
    owed -= principal;
    return { number: index + 1, dueDate: addMonths(terms.firstDueDate, index), principal, interest };
  });
}

export function loanSchedule(terms: ScheduleTerms): ScheduledInstalment[] {
  if (terms.method === 'reducing') return reducingSchedule(terms);
  const n = terms.termMonths;
  const interest = flatInterest(terms);
  const principalEach = Math.floor(terms.principal / n);
  const interestEach = Math.floor(interest / n);
  return Array.from({ length: n }, (_, index) => {
    const last = index === n - 1;
    return {
      number: index + 1,
      dueDate: addMonths(terms.firstDueDate, index),
      principal: last ? terms.principal - principalEach * (n - 1) : principalEach,
      interest: last ? interest - interestEach * (n - 1) : interestEach,
    };
  });
}

export interface OwedInstalment {
  id: number;
  principal: number;
  interest: number;
  paid: number;
}

/**
 * Shares a repayment out over the instalments, oldest first, each one's interest before its principal.
 * Returns each changed instalment's new `paid`, and the interest and principal parts; `left` is what did
 * not fit (the caller refuses a repayment above what is owed).
 */
export function allocateRepayment(instalments: OwedInstalment[], amount: number) {
  let left = amount;
  let interest = 0;
  let principal = 0;
  const changes: { id: number; paid: number }[] = [];
  for (const each of instalments) {
    const open = each.principal + each.interest - each.paid;
    if (left <= 0) break;
    if (open <= 0) continue;
    const take = Math.min(open, left);
    const interestPart = Math.min(each.interest, each.paid + take) - Math.min(each.interest, each.paid);
    interest += interestPart;
    principal += take - interestPart;
    left -= take;
    changes.push({ id: each.id, paid: each.paid + take });
  }
  return { changes, interest, principal, left };
}
