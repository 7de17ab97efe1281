/** PostgreSQL's answer when an insert or update breaks a unique index (SQLSTATE 23505), with the index's name. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  // Drivers wrap the database's error (drizzle's query error keeps it as `cause`).
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return (current as { constraint?: unknown }).constraint === constraint;
  }
  return false;
}
