/**
 * Sessions and sign-in. Auth knows no kind of person: each person module (staff, customers,
 * resellers, merchants) makes its AccountProvider (personAccounts for people) and the app factory
 * hands them to authRoutes, with what to do after a shopper signs in (the cart joins theirs).
 */
export { type AccountProvider, normaliseLogin } from './account';
export { type AuthAccounts, authRoutes } from './auth.routes';
export { passwordCheckSucceeded, takePasswordCheck, tooManyAttempts } from './login-limit';
export { personAccounts } from './person-accounts';
export { clearCounter, type Hit, hitBackoff, hitWindow } from './rate-counter';
export {
  countTriesFromAddress,
  issueResetCode,
  type MatchedResetCode,
  RESET_CODE_TOO_MANY_TRIES,
  RESET_CODE_WRONG,
  type ResetCodeKind,
  tryResetCode,
} from './reset-code';
export { deleteSessionByPublicId, deleteSessionsOf, liveSessionsOf } from './session.service';
export type { SessionKind } from './session.table';
