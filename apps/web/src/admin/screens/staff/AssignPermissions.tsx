export { AssignPermissions as default } from './AdminAccess';
