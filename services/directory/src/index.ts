export { startDirectoryApp, type DirectoryApp, type DirectoryAppOptions } from './app';
export { directoryServiceDefinition } from './service';
export { createMailer, type Mailer, type MailMessage } from './mail/mailer';
export {
  ensureOrganization,
  createOrganization,
  PLATFORM_CALLER,
} from './usecases/organizations/create-organization';
export { newPassword } from './auth/secrets';
