import { z } from 'zod';
import { nameText, singleLineText } from './text.js';
import { EMAIL_PATTERN } from './email.js';
import { UPLOADED_IMAGE_URL } from './images.js';
import { messages } from './messages.js';

export const PASSWORD_MIN = 6;
export const OCCUPATIONS = ['Student', 'Married', 'Job Holder'] as const;
export type Occupation = (typeof OCCUPATIONS)[number];
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The shop's email rule with the spec's two messages. */
export const ShopEmailSchema = singleLineText({ error: messages.emailRequired })
  .trim()
  .min(1, { message: messages.emailRequired, abort: true })
  .regex(EMAIL_PATTERN, messages.emailInvalid);

const requiredName = nameText({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(100);

export const LoginSchema = z.object({
  email: ShopEmailSchema,
  password: singleLineText({ error: messages.passwordRequired })
    .min(1, { message: messages.passwordRequired, abort: true })
    .min(PASSWORD_MIN, messages.passwordTooShort),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const registerPassword = singleLineText({ error: messages.passwordRequired })
  .min(1, { message: messages.passwordRequired, abort: true })
  .min(PASSWORD_MIN, messages.registerPasswordTooShort)
  .max(128);

export const RegisterSchema = z
  .object({
    name: requiredName,
    email: ShopEmailSchema,
    password: registerPassword,
    confirmPassword: registerPassword,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const ResetPasswordSchema = z
  .object({ password: registerPassword, confirmPassword: registerPassword })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** An address on our own uploads path (POST /api/uploads answers these; see images.ts). */
export const UploadedImageUrlSchema = singleLineText({ error: messages.imgRequired })
  .min(1, { message: messages.imgRequired, abort: true })
  .regex(UPLOADED_IMAGE_URL, 'Upload the photo first');

/**
 * Any well-formed address, for an email that identifies an existing account (the profile form
 * shows the account's own address). The shop's stricter rule is for typing a new one: it would
 * lock out a Google account such as first.last@gmail.com.
 */
export const AccountEmailSchema = singleLineText({ error: messages.emailRequired })
  .trim()
  .min(1, { message: messages.emailRequired, abort: true })
  .pipe(z.email({ message: messages.emailInvalid }));

/**
 * POST /api/userInfo, as the spec sends it. `img` may be left out to keep the photo already on the
 * account (issue #28: renaming yourself keeps it); the server then answers ' Img is Required' only
 * when the account has no photo at all. Sent, it must be an upload of ours.
 */
export const UserInfoSchema = z.object({
  email: AccountEmailSchema,
  name: requiredName,
  occupation: z.enum(OCCUPATIONS, { error: 'Choose an occupation' }),
  img: UploadedImageUrlSchema.optional(),
});
export type UserInfoInput = z.infer<typeof UserInfoSchema>;

/** What the API tells about a signed-in user (GET /api/me). */
export const ProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  occupation: z.string().nullable(),
  role: z.enum(ROLES),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const AccessKeySchema = z.object({ accessKey: z.string() });
export const AdminCheckSchema = z.object({ admin: z.boolean() });
export const InsertedSchema = z.object({ insertedId: z.string() });
export const UploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** Public settings the SPA needs before anyone signs in (GET /api/settings). */
export const PublicSettingsSchema = z.object({
  googleSignIn: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_EDGE = 1600;
