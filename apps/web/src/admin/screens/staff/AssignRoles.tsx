export { AssignRoles as default } from './AdminAccess';
