export { PasswordReset as default } from './AdminAccess';
