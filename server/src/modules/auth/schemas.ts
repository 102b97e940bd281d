/** Request and response schemas of the account routes (routes.ts). */
import { z } from 'zod';
import { ROLES } from '../../../../shared/enums';

export const MIN_PASSWORD_LENGTH = 8;

/** E-mails are trimmed and lower-cased before anything else looks at them. */
export const emailField = z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(320));
/** Login takes any text: a malformed address is just a failed login. */
export const loginEmailField = z.string().trim().toLowerCase().min(1, 'is required').max(320);
export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'must be at most 1024 characters');
const givenPasswordField = z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters');

export { ErrorReplySchema as errorSchema } from '../../../../shared/api/errors';

export const sessionUserSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Email: z.string(),
  CreateTime: z.string(),
  Role: z.enum(ROLES),
  setupCompleted: z.boolean(),
  hostProfileId: z.string().optional(),
  staffId: z.string().optional(),
  staffHosts: z.array(z.object({ staffId: z.string(), hostProfileId: z.string(), hostName: z.string() })).optional(),
});

export const sessionSchema = z.object({ token: z.string(), user: sessionUserSchema });
export const emptySchema = z.object({});

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  name: z.string().trim().max(200).optional(),
  company_name: z.string().trim().max(200).optional(),
  phone_number: z.string().trim().max(50).optional(),
});

export const loginBody = z.object({ email: loginEmailField, password: givenPasswordField });
export const resetEmailBody = z.object({ email: emailField });
export const resetBody = z.object({ token: z.string().trim().min(1, 'is required').max(200), password: newPasswordField });
export const changePasswordBody = z.object({ currentPassword: givenPasswordField, newPassword: newPasswordField });
export const setupBody = z.object({ email: emailField, password: newPasswordField, name: z.string().trim().min(1, 'is required').max(200) });
export const staffParams = z.object({ id: z.string().min(1).max(100) });
