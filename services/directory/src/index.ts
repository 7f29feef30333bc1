export { startDirectoryApp, type DirectoryApp, type DirectoryAppOptions } from './app';
export { directoryServiceDefinition, DB_SCHEMA, MIGRATIONS_FOLDER } from './service';
export { createMailer, type Mailer, type MailMessage } from './mail/mailer';
export {
  ensureOrganization,
  createOrganization,
  PLATFORM_CALLER,
} from './usecases/organizations/create-organization';
export { newPassword } from './auth/secrets';
export { exportDirectoryHistory } from './usecases/history/export-directory-history';
